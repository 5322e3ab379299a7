import {
  EMPTY_HOST_ROUTING,
  toAgentEgressRange,
  wgKeyFromBase64,
  type EgressInfo,
  type EgressRange,
  type EgressNetworkRoute,
  type HostRouting,
} from '@meshdeck/contracts';
import type { MemberIndex } from './peer-compute.ts';
import type { MemberRow } from './peers.repository.ts';

const isActive = (node: MemberRow) => node.connected === 1 && node.pending_delete === 0;

/** The receiver's own address in a route (`node_addr` / `node_addr6`). */
const nodeAddress = (node: MemberRow, family: 4 | 6): string =>
  (family === 4 ? node.address : node.address6) ?? '';

// A placeholder for the receiver's address in a network, for routing state shared by plain receivers. No value
// in routing state holds '@' (addresses, CIDRs, UUIDs and network names only).
const TOKEN = '@@';
const placeholder = (node: MemberRow, family: 4 | 6) => `${TOKEN}${family}:${node.network}${TOKEN}`;
const TOKENS = /@@([46]):([^@]*)@@/g;

/**
 * Serialised routing state shared by receivers without roles of their own: theirs differs only in their own
 * addresses, so it is serialised once per set of networks and the addresses are filled in per receiver.
 */
export class SharedRouting {
  readonly #templates = new Map<string, string>();

  constructor(private readonly index: MemberIndex) {}

  /** The routing state of `hostId` as JSON without braces. */
  json(hostId: string): string {
    const own = this.index.byHost.get(hostId) ?? [];
    const key = [...(this.index.activeNetworks.get(hostId) ?? [])].sort().join(',');
    let template = this.#templates.get(key);
    if (template === undefined) {
      template = JSON.stringify(hostRouting(hostId, this.index, placeholder)).slice(1, -1);
      this.#templates.set(key, template);
    }
    if (!template.includes(TOKEN)) return template;
    return template.replace(TOKENS, (_match, family: string, network: string) => {
      const node = own.find((n) => n.network === network);
      return node ? nodeAddress(node, family === '4' ? 4 : 6) : '';
    });
  }
}

/**
 * The peer whose entry carries traffic from `receiver` to `target`: its relay when the receiver is relayed, the
 * target's relay when the target is relayed, the failover node of a failed-over pair, else the target itself.
 */
function carrier(receiver: MemberRow, target: MemberRow, index: MemberIndex): MemberRow {
  const routing = index.routing;
  return (
    routing.relayOf(receiver) ??
    (routing.relayOf(target)?.node_id === receiver.node_id ? undefined : routing.relayOf(target)) ??
    routing.failoverOf(receiver, target) ??
    target
  );
}

/**
 * A host's whole routing state (api-contract §3.14.3 HostPeerUpdate / HostPull; contracts `hostRoutingSchema`):
 * for each of its active nodes, the egress gateways it may use (with metric, NAT and the peer carrying them),
 * its internet gateway, and what it forwards itself. O(gateways in its networks); plain meshes return a constant.
 */
export function hostRouting(hostId: string, index: MemberIndex, ownAddress = nodeAddress): HostRouting {
  const routing = index.routing;
  const active = index.activeNetworks.get(hostId);
  const own = (index.byHost.get(hostId) ?? []).filter(
    (n) => active?.has(n.network) && routing.networks.has(n.network),
  );
  if (own.length === 0) return EMPTY_HOST_ROUTING;
  const result: HostRouting = {
    ...EMPTY_HOST_ROUTING,
    egress_network_routes: [],
    fw_update: { ...EMPTY_HOST_ROUTING.fw_update, egress_info: {}, inet_gw_ranges: [] },
  };
  for (const node of own) {
    const roles = routing.roles(node.node_id);
    const gateway = routing.internetGatewayOf(node);
    if (gateway && !result.change_default_gw) {
      const peer = carrier(node, gateway, index);
      result.change_default_gw = true;
      result.default_gw_ip = gateway.address ?? '';
      result.default_gw_ip6 = gateway.address6 ?? '';
      result.inet_gw_peer_key = wgKeyFromBase64(peer.public_key) ?? null;
      result.inet_fail_mode = node.internet_fail_mode === 'open' ? 'open' : 'closed';
    }
    if (roles?.isInternetGateway) {
      result.is_inet_gw = true;
      result.fw_update.is_inet_gw = true;
      for (const range of [node.network_range, node.network_range6])
        if (range) result.fw_update.inet_gw_ranges.push(range);
    }
    if ((roles?.isRelay && routing.relayedBy(node.node_id).length > 0) || roles?.isFailover)
      result.fw_update.is_relay = true;
    if (roles && roles.egress.length > 0) {
      result.fw_update.is_egress_gw = true;
      result.fw_update.egress_info[node.node_id] = egressInfo(node, roles.egress);
    }
    for (const router of routing.routers(node.network)) {
      if (router.host_id === hostId || !isActive(router)) continue;
      const route = egressRoute(node, router, index, ownAddress);
      if (route) result.egress_network_routes.push(route);
    }
  }
  if (result.is_inet_gw) result.fw_update.inet_gw_ranges = [...new Set(result.fw_update.inet_gw_ranges)];
  return result;
}

/** Only the two routing flags the contract requires in every message (a delta that leaves the rest unchanged). */
export function routingFlags(
  hostId: string,
  index: MemberIndex,
): { change_default_gw: boolean; is_inet_gw: boolean } {
  const routing = index.routing;
  const active = index.activeNetworks.get(hostId);
  let changeDefaultGw = false;
  let isInetGw = false;
  for (const node of index.byHost.get(hostId) ?? []) {
    if (!active?.has(node.network) || !routing.networks.has(node.network)) continue;
    changeDefaultGw ||= routing.internetGatewayOf(node) !== undefined;
    isInetGw ||= routing.roles(node.node_id)?.isInternetGateway === true;
  }
  return { change_default_gw: changeDefaultGw, is_inet_gw: isInetGw };
}

function egressRoute(
  receiver: MemberRow,
  router: MemberRow,
  index: MemberIndex,
  ownAddress: typeof nodeAddress,
): EgressNetworkRoute | undefined {
  const ranges = index.routing.usableRanges(router, receiver);
  if (ranges.length === 0) return undefined;
  const peer = carrier(receiver, router, index);
  const key = wgKeyFromBase64(peer.public_key);
  if (!key) return undefined;
  return {
    peer_key: key,
    egress_gw_addr: router.address ?? '',
    egress_gw_addr6: router.address6 ?? '',
    node_addr: ownAddress(receiver, 4),
    node_addr6: ownAddress(receiver, 6),
    egress_ranges: ranges.map((r) => r.network),
    egress_ranges_metric: ranges.map(toAgentEgressRange),
    network: receiver.network,
    node_id: router.node_id,
    host_id: router.host_id,
    active_ranges: ranges
      .filter((r) => index.routing.isChosen(router.network, r.network, router.node_id))
      .map((r) => r.network),
  };
}

function egressInfo(node: MemberRow, ranges: readonly EgressRange[]): EgressInfo {
  return {
    egress_id: node.node_id,
    network: node.network_range,
    egress_gw_addr: node.address ?? '',
    network6: node.network_range6,
    egress_gw_addr6: node.address6 ?? '',
    egress_gateway_cfg: {
      ranges: ranges.map((r) => r.network),
      ranges_with_metric: ranges.map(toAgentEgressRange),
      natenabled: ranges.some((r) => r.nat) ? 'yes' : 'no',
    },
  };
}
