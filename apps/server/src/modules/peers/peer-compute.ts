import {
  NANOS_PER_SECOND,
  toIpNet,
  unionRules,
  wgKeyFromBase64,
  type IpNet,
  type PeerConfig,
  type PeerMap,
} from '@meshdeck/contracts';
import type { PairAccess } from '../access-control/access-control.public.ts';
import { STALE_FOR_PEERS_MS } from '../nodes/nodes.public.ts';
import type { MemberRow } from './peers.repository.ts';
import { clientNets, clientPeers, indexClients, type ClientPeerRow } from './client-peers.ts';
import { defaultRoutes, RoutingIndex } from './routing-index.ts';

/** Members indexed both ways, built once per change from one query (api-contract §5.8, plain mesh). */
export interface MemberIndex {
  byNetwork: Map<string, MemberRow[]>;
  byHost: Map<string, MemberRow[]>;
  /** Per host, the networks where its own node takes part in peering (computed once per batch). */
  activeNetworks: Map<string, Set<string>>;
  /** Enabled external clients per gateway node. */
  clientsByGateway: Map<string, ClientPeerRow[]>;
  /** Relays, egress, internet gateways and failover of these members (api-contract §5.8). */
  routing: RoutingIndex;
  /** Which node pairs may be peers (access control, issue 32); every pair when absent. */
  access?: PairAccess;
}

/** Memo entries kept per kind before starting over: about one per host (keys) or node (addresses). */
const MEMO_LIMIT = 100_000;

/** Decoding keys and addresses dominated building big peer lists; each host's values are decoded once. */
function memo<T>(compute: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= MEMO_LIMIT) known.clear();
      value = compute(text);
      known.set(text, value);
    }
    return value;
  };
}
const keyBytes = memo((text) => wgKeyFromBase64(text) ?? []);
const hostNet4 = memo((address) => toIpNet(address, 32));
const hostNet6 = memo((address) => toIpNet(address, 128));
const rangeNet = memo((cidr) => {
  const [ip, prefix] = cidr.split('/');
  return toIpNet(ip, Number(prefix));
});

/** A host's own node takes part only when connected, not pending delete and seen within the last hour. */
const isOwnNodeActive = (node: MemberRow, now: number) =>
  node.connected === 1 &&
  node.pending_delete === 0 &&
  now - Date.parse(node.last_check_in) <= STALE_FOR_PEERS_MS;

export function indexMembers(
  rows: readonly MemberRow[],
  now: number,
  clients: readonly ClientPeerRow[] = [],
  access?: PairAccess,
): MemberIndex {
  const byNetwork = new Map<string, MemberRow[]>();
  const byHost = new Map<string, MemberRow[]>();
  const activeNetworks = new Map<string, Set<string>>();
  for (const row of rows) {
    (byNetwork.get(row.network) ?? byNetwork.set(row.network, []).get(row.network))?.push(row);
    (byHost.get(row.host_id) ?? byHost.set(row.host_id, []).get(row.host_id))?.push(row);
    const active =
      activeNetworks.get(row.host_id) ?? activeNetworks.set(row.host_id, new Set()).get(row.host_id);
    if (isOwnNodeActive(row, now)) active?.add(row.network);
  }
  return {
    byNetwork,
    byHost,
    activeNetworks,
    clientsByGateway: indexClients(clients),
    routing: new RoutingIndex(rows),
    ...(access ? { access } : {}),
  };
}
/** A peer's node contributes allowed IPs only when connected and not pending delete. */
const isPeerNodeActive = (node: MemberRow) => node.connected === 1 && node.pending_delete === 0;

/** A removal entry for a key that must disappear from a host's interface. */
export function removalPeer(publicKey: string): PeerConfig {
  return {
    PublicKey: keyBytes(publicKey),
    Remove: true,
    UpdateOnly: false,
    PresharedKey: null,
    Endpoint: null,
    PersistentKeepaliveInterval: null,
    ReplaceAllowedIPs: true,
    AllowedIPs: [],
  };
}

/**
 * The peer entry `subject` gets on `receiver`'s interface: its addresses in every network both share (merged
 * into one peer per host key), its endpoint and keepalive; a removal when nothing is shared any more.
 */
export function peerEntry(
  receiverId: string,
  subjectId: string,
  index: MemberIndex,
): { peer: PeerConfig; ids: PeerMap } {
  const { subject, receiver, shared } = sharedWith(receiverId, subjectId, index);
  if (!subject || !receiver) return { peer: removalPeer(subject?.public_key ?? ''), ids: {} };
  const allowed: IpNet[] = [];
  let isDialIn = false;
  let first: MemberRow | undefined;
  /** A shared node the receiver gets no allowed IPs for, and why (issue 41: its metrics still name the pair). */
  let unpeered: { node: MemberRow; why: PeerUnpeered } | undefined;
  for (const node of shared) {
    // A pair access control denies gets no allowed IPs for each other in that network (issue 32).
    if (
      index.access &&
      !index.access.reaches(
        node.network,
        receiverNode(receiverId, node.network, index)?.node_id ?? '',
        node.node_id,
      )
    ) {
      unpeered ??= { node, why: 'blocked_by_policy' };
      continue;
    }
    if (!index.routing.networks.has(node.network)) {
      allowed.push(
        ...ownNets(node, undefined, index, receiverNode(receiverId, node.network, index)?.node_id),
      );
      first ??= node;
      continue;
    }
    const own = receiverNode(receiverId, node.network, index);
    const part = own && routedNets(own, node, index);
    if (!part) {
      // A relay or the failover node stands between them: another peer's allowed IPs carry this node.
      if (own) unpeered ??= { node, why: 'relayed' };
      continue;
    }
    allowed.push(...part.nets);
    isDialIn ||= part.isDialIn;
    first ??= node;
  }
  if (allowed.length === 0 || !first)
    return {
      peer: removalPeer(subject.public_key),
      ids: unpeered
        ? { [subject.public_key]: identityOf(subjectId, subject, unpeered.node, unpeered.why) }
        : {},
    };
  const useV4 = receiver.endpoint_ip !== '' && subject.endpoint_ip !== '';
  const ip = useV4 ? subject.endpoint_ip : subject.endpoint_ip6;
  const sameLan = useV4 && receiver.endpoint_ip === subject.endpoint_ip;
  const port = portOf(subject, sameLan);
  const peer: PeerConfig = {
    PublicKey: keyBytes(subject.public_key),
    Remove: false,
    UpdateOnly: false,
    PresharedKey: null,
    // A node the receiver relays (or carries as failover node) dials in; the receiver learns its endpoint then.
    Endpoint: ip && !isDialIn ? { IP: ip, Port: port, Zone: '' } : null,
    PersistentKeepaliveInterval: subject.keepalive_seconds * NANOS_PER_SECOND,
    ReplaceAllowedIPs: true,
    AllowedIPs: index.routing.networks.size > 0 ? unique(allowed) : allowed,
  };
  const inbound = index.access && inboundRules(receiverId, shared, index);
  const identity = identityOf(subjectId, subject, first, undefined, port);
  const ids: PeerMap = {
    [subject.public_key]: inbound ? { ...identity, allowed_inbound: inbound } : identity,
  };
  return { peer, ids };
}

/** The port a receiver dials the subject on (its own on the same LAN or with a static port, else the public one). */
function portOf(subject: MemberRow, sameLan: boolean): number {
  return subject.is_static_port === 1 || subject.public_listen_port === 0 || sameLan
    ? subject.listen_port
    : subject.public_listen_port;
}

type PeerUnpeered = NonNullable<PeerMap[string]['unpeered']>;

/** What the receiver is told of the subject's node `node`: its id, addresses and name; `unpeered` when no peer. */
function identityOf(
  subjectId: string,
  subject: MemberRow,
  node: MemberRow,
  unpeered: PeerUnpeered | undefined,
  port = portOf(subject, false),
): PeerMap[string] {
  return {
    id: node.node_id,
    host_id: subjectId,
    address: node.address ?? node.address6 ?? '',
    address4: node.address ?? '',
    address6: node.address6 ?? '',
    name: subject.host_name,
    isserver: 'no',
    network: node.network,
    listen_port: port,
    is_extclient: false,
    username: '',
    ...(unpeered ? { unpeered } : {}),
  };
}

/**
 * What the subject's nodes may open toward the receiver's (union over the networks they share and may use), or
 * undefined when that is everything: the agent's packet filter then has nothing to narrow (decision 033).
 */
function inboundRules(
  receiverId: string,
  shared: readonly MemberRow[],
  index: MemberIndex,
): string[] | undefined {
  const lists: string[][] = [];
  for (const node of shared) {
    const own = receiverNode(receiverId, node.network, index);
    if (!own || !index.access?.reaches(node.network, own.node_id, node.node_id)) continue;
    const rules = index.access.flow(node.network, node.node_id, own.node_id);
    if (rules.includes('all')) return undefined;
    lists.push(rules);
  }
  return unionRules(lists);
}

const unique = (nets: IpNet[]): IpNet[] => {
  const seen = new Set<string>();
  return nets.filter((net) => {
    const text = `${net.IP}/${net.Mask ?? ''}`;
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
};

/** The receiver host's node in a network. */
export const receiverNode = (hostId: string, network: string, index: MemberIndex): MemberRow | undefined =>
  index.byHost.get(hostId)?.find((n) => n.network === network);

/**
 * What a node brings wherever it is reached: its /32 and /128, its external clients' ranges and the egress ranges
 * it is the chosen gateway for (minus the receiver's own ranges; every range when `receiver` is undefined).
 */
function ownNets(
  node: MemberRow,
  receiver: MemberRow | undefined,
  index: MemberIndex,
  viewer = receiver?.node_id,
): IpNet[] {
  // Clients the viewing node may not reach (access control) are left out of their gateway's entry.
  const access = index.access;
  const clients = (index.clientsByGateway.get(node.node_id) ?? []).filter(
    (c) => !access || viewer === undefined || access.reaches(node.network, viewer, c.client_id),
  );
  const nets = [
    ...(node.address ? [hostNet4(node.address)] : []),
    ...(node.address6 ? [hostNet6(node.address6)] : []),
    ...clients.flatMap(clientNets),
  ];
  if (!receiver) return nets;
  for (const range of index.routing.usableRanges(node, receiver))
    if (index.routing.isChosen(node.network, range.network, node.node_id)) nets.push(rangeNet(range.network));
  return nets;
}

/**
 * The allowed IPs `subject` gets on `receiver`'s interface in one network with routing roles (api-contract §5.8
 * step 3): none when a relay or the failover node stands between them; the relay carries the whole network for a
 * node it relays, and its relayed nodes for everyone else; the failover node carries its failed-over pairs; an
 * internet gateway carries the default route for its clients.
 */
export function routedNets(
  receiver: MemberRow,
  subject: MemberRow,
  index: MemberIndex,
): { nets: IpNet[]; isDialIn: boolean } | undefined {
  const routing = index.routing;
  const receiverRelay = routing.relayOf(receiver);
  const subjectRelay = routing.relayOf(subject);
  if (receiverRelay && receiverRelay.node_id !== subject.node_id) return undefined;
  if (subjectRelay && subjectRelay.node_id !== receiver.node_id) return undefined;
  if (routing.failoverOf(receiver, subject)) return undefined;
  const nets = ownNets(subject, receiver, index);
  if (receiverRelay) {
    // Everything the receiver reaches in this network goes through its relay: the ranges and every gateway's.
    for (const range of [subject.network_range, subject.network_range6])
      if (range) nets.push(rangeNet(range));
    for (const router of routing.routers(subject.network))
      if (router.node_id !== subject.node_id) nets.push(...ownNets(router, receiver, index));
  } else if (routing.roles(subject.node_id)?.isRelay) {
    for (const relayed of routing.relayedBy(subject.node_id))
      if (isPeerNodeActive(relayed)) nets.push(...ownNets(relayed, receiver, index));
  }
  const receiverRoles = routing.roles(receiver.node_id);
  if (routing.roles(subject.node_id)?.isFailover && receiverRoles)
    for (const peerId of receiverRoles.failoverPeers) {
      const peer = routing.node(peerId);
      if (peer && isPeerNodeActive(peer) && routing.failoverOf(receiver, peer)?.node_id === subject.node_id)
        nets.push(...ownNets(peer, receiver, index));
    }
  if (routing.internetGatewayOf(receiver)?.node_id === subject.node_id)
    nets.push(...defaultRoutes(subject).map(rangeNet));
  const isDialIn =
    subjectRelay?.node_id === receiver.node_id ||
    (routing.roles(receiver.node_id)?.isFailover === true &&
      (routing.roles(subject.node_id)?.failedOverBy ?? '') === receiver.node_id);
  return { nets, isDialIn };
}

/** The subject's nodes that give the receiver allowed IPs: in networks both take part in, and active. */
export function sharedWith(receiverId: string, subjectId: string, index: MemberIndex) {
  const subjectNodes = index.byHost.get(subjectId) ?? [];
  const active = index.activeNetworks.get(receiverId);
  return {
    subject: subjectNodes[0],
    receiver: index.byHost.get(receiverId)?.[0],
    shared: active ? subjectNodes.filter((n) => active.has(n.network) && isPeerNodeActive(n)) : [],
  };
}

/** Every peer of a host across all its networks (the `replace_peers` list); hosts sharing nothing are left out. */
export function fullPeers(hostId: string, index: MemberIndex): { peers: PeerConfig[]; ids: PeerMap } {
  const peers: PeerConfig[] = [];
  const ids: PeerMap = {};
  for (const other of otherMembers(hostId, index)) {
    const entry = peerEntry(hostId, other, index);
    // An unpeered subject (relayed, or blocked by policy) has no peer but keeps its identity (issue 41).
    Object.assign(ids, entry.ids);
    if (entry.peer.Remove) continue;
    peers.push(entry.peer);
  }
  const clients = ownClientPeers(hostId, index);
  return { peers: [...peers, ...clients.peers], ids: { ...ids, ...clients.ids } };
}

/** A gateway host's entries for the clients of its active gateway nodes (§5.8 step 4); none for other hosts. */
export function ownClientPeers(hostId: string, index: MemberIndex): ReturnType<typeof clientPeers> {
  const active = index.activeNetworks.get(hostId);
  const own = (index.byHost.get(hostId) ?? []).filter((n) => active?.has(n.network));
  const access = index.access;
  return clientPeers(
    own.flatMap((n) =>
      (index.clientsByGateway.get(n.node_id) ?? []).filter(
        (c) => !access || access.reaches(n.network, n.node_id, c.client_id),
      ),
    ),
  );
}

/** The other hosts of every network `hostId` is in, sorted by id (each once). */
export function otherMembers(hostId: string, index: MemberIndex): string[] {
  const others = new Set<string>();
  for (const own of index.byHost.get(hostId) ?? []) {
    for (const member of index.byNetwork.get(own.network) ?? [])
      if (member.host_id !== hostId) others.add(member.host_id);
  }
  return [...others].sort();
}
