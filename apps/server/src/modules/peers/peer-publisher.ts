import {
  EMPTY_HOST_ROUTING,
  mqttTopics,
  type HostRouting,
  type PeerConfig,
  type PeerMap,
  type PeerSync,
} from '@meshdeck/contracts';
import { SERVER_VERSION } from '../server/server.public.ts';
import {
  fullPeers,
  indexMembers,
  otherMembers,
  ownClientPeers,
  peerEntry,
  removalPeer,
  type MemberIndex,
} from './peer-compute.ts';
import { hostRouting, routingFlags, SharedRouting } from './host-routing.ts';
import { publishAccessDeltas, type AccessSource } from './access-deltas.ts';
import type { HostChange, PeerSink, PublishStats } from './peer-changes.ts';
import { PeerVersions } from './peer-versions.ts';
import type { PeersRepository } from './peers.repository.ts';
import { Outbox, Slicer } from './slicer.ts';

/** Up to this many listening and changed hosts, a batch loads only their rows instead of whole networks. */
const TARGETED_LOAD_LIMIT = 2000;

/**
 * Turns a batch of host changes into per-host peer updates (api-contract §6.2, decision 004). Per batch it loads
 * the members of the changed hosts' networks once; each changed host gets its full list (`replace_peers`), every
 * other member gets one versioned delta with the changed hosts' entries. Receivers that see the changes the same
 * way (same networks, same endpoint family, no shared LAN) share one serialised body, so the work per batch is
 * O(members + changes), and long loops yield to the event loop (Slicer) so requests stay fast meanwhile.
 */
export class PeerUpdateBuilder {
  readonly versions = new PeerVersions();
  /** Per network, whether some node has a routing role (see hasRoutingRoles). */
  readonly #routedNetworks = new Map<string, boolean>();
  /** Which pairs may be peers (the access-control module, set by the composition root). */
  #access: AccessSource | undefined;

  constructor(
    private readonly repository: PeersRepository,
    private readonly sink: PeerSink,
    private readonly serverName: string,
  ) {}

  /** Lets access control decide which pairs may be peers from now on. */
  useAccess(source: AccessSource): void {
    this.#access = source;
  }

  /**
   * Replicas (decision 063): the changes of a batch may come from another replica, whose tags and policies this
   * one's kept access and routing roles may not show yet, so they are read again.
   */
  forgetKept(): void {
    this.#access?.forget?.();
    this.#routedNetworks.clear();
  }

  /** A host's whole peer list and the version it reflects, for pulls (GET /api/v1/host). */
  async peersOf(
    hostId: string,
    now = Date.now(),
  ): Promise<{ peers: PeerConfig[]; ids: PeerMap; routing: HostRouting; sync: PeerSync & { base: null } }> {
    const sync = await this.versions.read(hostId);
    const networks = await this.repository.networksOfHosts([hostId]);
    const [members, clients, access] = await Promise.all([
      this.repository.listMembers(networks),
      this.repository.listClients(networks),
      this.#access?.forNetworks(networks),
    ]);
    const index = indexMembers(members, now, clients, access);
    return { ...fullPeers(hostId, index), routing: hostRouting(hostId, index), sync };
  }

  /**
   * Whether some of these networks have routing roles, remembered per network: roles are made by the routing
   * module, whose changes say so (`isRoutingChange`) and make the networks be looked up again, or by joining
   * with a relay key, which needs a relay (a role) in the network already. A remembered "yes" after the last role
   * went only costs a whole load until the next routing change.
   */
  private async hasRoutingRoles(
    networks: readonly string[],
    changes: readonly HostChange[],
  ): Promise<boolean> {
    if (changes.some((c) => c.isRoutingChange === true))
      for (const n of networks) this.#routedNetworks.delete(n);
    const unknown = networks.filter((n) => !this.#routedNetworks.has(n));
    if (unknown.length > 0) {
      const routed = await this.repository.networksWithRoutingRoles(unknown);
      for (const n of unknown) this.#routedNetworks.set(n, routed.has(n));
    }
    return networks.some((n) => this.#routedNetworks.get(n) === true);
  }

  /** Computes and publishes the updates of one batch of changes. */
  async publish(batch: readonly HostChange[], now = Date.now()): Promise<PublishStats> {
    const changes = batch.filter((c) => c.accessPeers === undefined);
    const accessChanges = batch.filter((c) => c.accessPeers !== undefined);
    const accessStats =
      accessChanges.length === 0
        ? { messages: 0, receivers: 0, bytes: 0 }
        : await publishAccessDeltas(accessChanges, {
            repository: this.repository,
            sink: this.sink,
            versions: this.versions,
            serverName: this.serverName,
            access: this.#access,
            hasRoutingRoles: (networks) => this.hasRoutingRoles(networks, []),
            now,
          });
    if (changes.length === 0) return accessStats;
    const slicer = new Slicer();
    const subjects = [...new Set(changes.map((c) => c.hostId))];
    const current = await this.repository.networksOfHosts(subjects);
    const networks = [...new Set([...current, ...changes.flatMap((c) => c.formerNetworks ?? [])])];
    const listening = this.sink.listeningHosts();
    const isListening = (hostId: string) => listening?.has(hostId) ?? true;
    const fullLists = changes.filter((c) => !c.joined && isListening(c.hostId));
    // Deltas only need the rows of the changed and the listening hosts; full lists need every member.
    // Routing roles (relays, gateways, failover) make entries depend on other members: those networks load whole.
    const few =
      listening !== undefined &&
      fullLists.length === 0 &&
      listening.size + subjects.length <= TARGETED_LOAD_LIMIT &&
      !(await this.hasRoutingRoles(networks, changes));
    const rows = await this.repository.listMembers(
      networks,
      few ? [...new Set([...subjects, ...listening])] : undefined,
    );
    const index = indexMembers(
      rows,
      now,
      await this.repository.listClients(networks),
      await this.#access?.forNetworks(networks),
    );
    await slicer.pause();
    const outbox = new Outbox((hostId, topic, payload) => this.sink.publish(hostId, topic, payload));
    await this.publishSubjects(fullLists, index, outbox, slicer);

    // Deltas carry the routing state only when this batch may change it: a role changed, a gateway, relay or
    // failover node changed (its connection decides who carries what), or a host left (it may have been one).
    const carriesRouting = changes.some(
      (c) =>
        c.isRoutingChange === true ||
        (c.formerNetworks?.length ?? 0) > 0 ||
        (c.removedPublicKeys?.length ?? 0) > 0 ||
        index.routing.appearsInOthersRouting(c.hostId),
    );
    const deltas = new DeltaBodies(
      index,
      carriesRouting,
      changes,
      await this.repository.publicKeys(subjects.filter((s) => !index.byHost.has(s))),
      this.common(false),
    );
    // A changed host that got its whole list needs nothing more; a fresh join still hears about the others.
    const hadFullList = new Set(fullLists.map((c) => c.hostId));
    const subjectSet = new Set(subjects);
    let receivers = 0;
    for (const receiver of index.byHost.keys()) {
      if (hadFullList.has(receiver)) continue;
      receivers += 1;
      if (!isListening(receiver)) continue;
      const body = subjectSet.has(receiver) ? deltas.bodyForSubject(receiver) : deltas.bodyFor(receiver);
      if (body === undefined) continue;
      const head = JSON.stringify({ peer_sync: this.versions.next(receiver, false) }).slice(0, -1);
      const routing = deltas.routingOf(receiver);
      await outbox.send(
        receiver,
        mqttTopics.peerUpdate(receiver, this.serverName),
        `${head},${routing},${body}`,
      );
      await slicer.pause();
    }
    await outbox.drain();
    return {
      messages: outbox.messages + accessStats.messages,
      receivers: receivers + accessStats.receivers,
      bytes: outbox.bytes + accessStats.bytes,
    };
  }

  /** Changed hosts that are listening get their whole list, except fresh joins (their agent pulls on connect). */
  private async publishSubjects(
    changes: readonly HostChange[],
    index: MemberIndex,
    outbox: Outbox,
    slicer: Slicer,
  ): Promise<void> {
    for (const change of changes) {
      const subject = change.hostId;
      const described = await this.sink.describeHost(subject);
      if (!described?.host) {
        this.versions.forget(subject);
        continue;
      }
      const entries: string[] = [];
      const ids: string[] = [];
      for (const other of otherMembers(subject, index)) {
        const built = peerEntry(subject, other, index);
        for (const [k, v] of Object.entries(built.ids)) ids.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
        if (built.peer.Remove) continue;
        entries.push(JSON.stringify(built.peer));
        await slicer.pause();
      }
      const clients = ownClientPeers(subject, index);
      for (const peer of clients.peers) entries.push(JSON.stringify(peer));
      for (const [k, v] of Object.entries(clients.ids)) ids.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
      const update = {
        peer_sync: this.versions.next(subject, true),
        ...described,
        ...this.common(true),
        ...hostRouting(subject, index),
      };
      const payload = `${JSON.stringify(update).slice(0, -1)},"host_peers":[${entries.join(',')}],"peerids":{${ids.join(',')}}}`;
      await outbox.send(subject, mqttTopics.peerUpdate(subject, this.serverName), payload);
    }
  }

  private common(replace: boolean) {
    return {
      server: this.serverName,
      serverversion: SERVER_VERSION,
      replace_peers: replace,
      endpoint_detection: false,
    };
  }
}

/**
 * The delta bodies of one batch (a HostPeerUpdate without its opening `{` and `peer_sync`). A receiver's body
 * depends only on its networks, whether it has an IPv4 endpoint and whether it shares a LAN with a changed host,
 * so receivers with the same such class share one body, built from the first of them.
 */
class DeltaBodies {
  readonly #bodies = new Map<string, string | undefined>();
  /** The fields every delta shares, serialised once. */
  readonly #head: string;
  readonly #subjectIps: Set<string>;
  /** Per change, the networks whose members must hear about it (current and former). */
  readonly #reach: Set<string>[];
  readonly #sharedRouting: SharedRouting;

  constructor(
    private readonly index: MemberIndex,
    private readonly carriesRouting: boolean,
    private readonly changes: readonly HostChange[],
    /** Keys of changed hosts that are in none of these networks any more (they left): dropped everywhere. */
    private readonly departedKeys: ReadonlyMap<string, string>,
    common: object,
  ) {
    this.#subjectIps = new Set(
      changes.map((c) => index.byHost.get(c.hostId)?.[0]?.endpoint_ip ?? '').filter((ip) => ip !== ''),
    );
    this.#reach = changes.map(
      (c) =>
        new Set([...(index.byHost.get(c.hostId) ?? []).map((n) => n.network), ...(c.formerNetworks ?? [])]),
    );
    this.#head = JSON.stringify({ host: null, nodes: [], ...common }).slice(1, -1);
    this.#sharedRouting = new SharedRouting(index);
  }

  /**
   * The receiver's routing fields, serialised without braces: the whole routing state when the batch may change
   * it, else only the two flags the contract requires (the agent keeps the rest).
   */
  routingOf(receiver: string): string {
    if (!this.carriesRouting) {
      const flags = routingFlags(receiver, this.index);
      return flags.change_default_gw || flags.is_inet_gw
        ? JSON.stringify(flags).slice(1, -1)
        : NO_ROUTING_FLAGS;
    }
    if (!this.index.routing.specialHosts.has(receiver)) return this.#sharedRouting.json(receiver);
    const routing = hostRouting(receiver, this.index);
    return routing === EMPTY_HOST_ROUTING ? EMPTY_ROUTING_JSON : JSON.stringify(routing).slice(1, -1);
  }

  /** The body for an unchanged receiver, shared with every receiver of the same class. */
  bodyFor(receiver: string): string | undefined {
    // A host with a routing role sees others its own way (its relay, its ranges, its pairs): never shared.
    if (this.index.routing.specialHosts.has(receiver)) return this.bodyForSubject(receiver);
    const own = this.index.byHost.get(receiver) ?? [];
    const ip = own[0]?.endpoint_ip ?? '';
    const active = [...(this.index.activeNetworks.get(receiver) ?? [])].sort().join(',');
    // Access control: receivers see the changed hosts alike only when they are alike to its policies (issue 32).
    const access = this.index.access;
    const accessClass = access
      ? own
          .map((n) => `${n.network}:${access.classOf(n.network, n.node_id)}`)
          .sort()
          .join(',')
      : '';
    const key = `${own
      .map((n) => n.network)
      .sort()
      .join(',')}|${active}|${ip !== ''}|${this.#subjectIps.has(ip) ? ip : ''}|${accessClass}`;
    if (!this.#bodies.has(key))
      this.#bodies.set(key, this.build(receiver, new Set(own.map((n) => n.network))));
    return this.#bodies.get(key);
  }

  /** The body for a receiver that is itself one of the changed hosts: its own change left out, never shared. */
  bodyForSubject(receiver: string): string | undefined {
    return this.build(receiver, new Set((this.index.byHost.get(receiver) ?? []).map((n) => n.network)));
  }

  private build(receiver: string, memberships: ReadonlySet<string>): string | undefined {
    const peers: string[] = [];
    const ids: string[] = [];
    const carriers = new Set<string>();
    this.changes.forEach((change, i) => {
      if (change.hostId === receiver || ![...(this.#reach[i] ?? [])].some((n) => memberships.has(n))) return;
      for (const key of change.removedPublicKeys ?? []) peers.push(JSON.stringify(removalPeer(key)));
      const departed = this.departedKeys.get(change.hostId);
      if (departed !== undefined) {
        peers.push(JSON.stringify(removalPeer(departed)));
        return;
      }
      if (!this.index.byHost.has(change.hostId)) return;
      const built = peerEntry(receiver, change.hostId, this.index);
      peers.push(JSON.stringify(built.peer));
      for (const [k, v] of Object.entries(built.ids)) ids.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
      for (const host of this.carriersOf(receiver, change.hostId)) carriers.add(host);
    });
    // Peers whose entry carries a changed host (its relay, the receiver's relay, a failover node, a range's other
    // gateway) are sent again too: their allowed IPs may have changed with it.
    for (const change of this.changes) carriers.delete(change.hostId);
    carriers.delete(receiver);
    for (const host of carriers) {
      const built = peerEntry(receiver, host, this.index);
      for (const [k, v] of Object.entries(built.ids)) ids.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
      if (built.peer.Remove) continue;
      peers.push(JSON.stringify(built.peer));
    }
    if (peers.length === 0) return undefined;
    return `${this.#head},"host_peers":[${peers.join(',')}],"peerids":{${ids.join(',')}}}`;
  }

  /** Hosts whose entry on `receiver` changes with `subject`'s (none outside networks with routing roles). */
  private carriersOf(receiver: string, subject: string): string[] {
    const routing = this.index.routing;
    if (routing.networks.size === 0) return [];
    const hosts: string[] = [];
    for (const node of this.index.byHost.get(subject) ?? []) {
      if (!routing.networks.has(node.network)) continue;
      hosts.push(...routing.carriersOf(node));
      const own = this.index.byHost.get(receiver)?.find((n) => n.network === node.network);
      if (!own) continue;
      const relay = routing.relayOf(own);
      if (relay) hosts.push(relay.host_id);
      const failover = routing.failoverOf(own, node);
      if (failover) hosts.push(failover.host_id);
    }
    return hosts;
  }
}

/** The routing fields of a host with no routing roles around it, serialised once. */
const EMPTY_ROUTING_JSON = JSON.stringify(EMPTY_HOST_ROUTING).slice(1, -1);
const NO_ROUTING_FLAGS = JSON.stringify({ change_default_gw: false, is_inet_gw: false }).slice(1, -1);
