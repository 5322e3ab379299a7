import type { PeerMap, RawNode } from '@meshdeck/contracts';
import {
  failedOverPairs,
  failoverAsks,
  fallBacks,
  pairKey,
  probePeers,
  type DirectPath,
  type FailedOverPair,
} from './failover-watch.ts';
import type { WireguardPeerStats } from './metrics-probe.ts';
import { PeerProber } from './path-probe.ts';
import { watchPath, type PathState } from './path-watch.ts';
import type { Peer, PeerTable } from './peer-state.ts';
import type { ServerApi } from './server-api.ts';
import type { ThrottledLog } from './throttled-log.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The first mesh address of a peer identity, bare (what a path probe is sent to). */
const meshAddressOf = (identity: PeerMap[string]): string | undefined =>
  [identity.address4, identity.address, identity.address6]
    .map((a) => a.split('/')[0] ?? '')
    .find((a) => a !== '');

/**
 * Failover as the agent runs it (issue 31, decision 057): watches each direct peer's path through the tunnel
 * (path-watch.ts: WireGuard's counters every second, probes while it sends and hears nothing), hands direct peers
 * it cannot reach to the network's failover node (`failover_me`), keeps a handshake-only probe peer per
 * failed-over pair, and ends the pair (`DELETE failover_me`) once the probe shakes hands, so the pair goes direct
 * again. Its checks read WireGuard and call the server outside the agent's work queue: they never hold up a
 * reconfiguration.
 */
export class FailoverControl {
  /** This host's node per network (live nodes only). */
  #ownNodes = new Map<string, string>();
  /** This host's failover node per network, while some of its pairs are failed over. */
  #failoverNode = new Map<string, string>();
  #pairs: FailedOverPair[] = [];
  /** Per direct peer key: what the path watch knows of its path. */
  #paths = new Map<string, PathState>();
  /** Peer keys that answered a probe once (kept while the peer is away, e.g. failed over). */
  readonly #answering = new Set<string>();
  readonly #prober = new PeerProber((key) => {
    this.#answering.add(key);
    const state = this.#paths.get(key);
    if (state) state.answers = true;
  });
  /** Peer node id -> where it was last reached directly (kept while its pair is failed over). */
  #direct = new Map<string, DirectPath>();
  /** Peer key -> when it first appeared with an endpoint; pair -> when this agent first saw it failed over. */
  #firstSeen = new Map<string, number>();
  #since = new Map<string, number>();
  #lastAsked = new Map<string, number>();
  #lastEnded = new Map<string, number>();
  #checking = false;

  constructor(
    private readonly api: Pick<ServerApi, 'failoverMe' | 'endFailover'>,
    private readonly stats: () => Promise<ReadonlyMap<string, WireguardPeerStats>>,
    private readonly log: (message: string) => void,
    private readonly warnings: ThrottledLog,
  ) {}

  /** Takes this host's nodes from a pull or full update (its failed-over pairs are on them). */
  nodes(nodes: readonly RawNode[]): void {
    this.#ownNodes = new Map(
      nodes.filter((n) => !n.pendingdelete && n.action !== 'delete').map((n) => [n.network, n.id]),
    );
    this.#pairs = failedOverPairs(nodes);
    this.#failoverNode = new Map(
      nodes
        .filter((n) => !n.pendingdelete && n.action !== 'delete' && n.failed_over_by)
        .map((n) => [n.network, n.failed_over_by!]),
    );
    const now = Date.now();
    const current = new Set(this.#pairs.map(pairKey));
    for (const key of this.#since.keys()) if (!current.has(key)) this.#since.delete(key);
    for (const key of current) if (!this.#since.has(key)) this.#since.set(key, now);
  }

  /**
   * The server's peer table plus a probe peer per failed-over pair; remembers the direct peers' endpoints for
   * later probes and when each direct peer appeared (an ask waits for it to have had time to shake hands).
   */
  peers(peers: PeerTable, peerIds: ReadonlyMap<string, PeerMap[string]>): PeerTable {
    const now = Date.now();
    for (const key of this.#firstSeen.keys()) if (!peers.get(key)?.endpoint) this.#firstSeen.delete(key);
    for (const peer of peers.values()) {
      if (!peer.endpoint) continue;
      if (!this.#firstSeen.has(peer.publicKey)) this.#firstSeen.set(peer.publicKey, now);
      const identity = peerIds.get(peer.publicKey);
      if (identity?.id)
        this.#direct.set(identity.id, {
          publicKey: peer.publicKey,
          endpoint: peer.endpoint,
          name: identity.name,
          identity,
        });
    }
    const probes = probePeers(this.#pairs, this.#direct, peers);
    if (probes.length === 0) return peers;
    const withProbes = new Map<string, Peer>(peers);
    for (const probe of probes) withProbes.set(probe.publicKey, probe);
    return withProbes;
  }

  /**
   * The peers handed to the failover node, by public key, with the failover node's id (for the metrics reports:
   * such a pair is relayed with reason `failover`).
   */
  failedOver(peerIds: ReadonlyMap<string, PeerMap[string]>): Map<string, string> {
    const keys = new Map<string, string>();
    for (const pair of this.#pairs) {
      const via = this.#failoverNode.get(pair.network);
      const key =
        this.#direct.get(pair.peerNodeId)?.publicKey ??
        [...peerIds].find(([, identity]) => identity.id === pair.peerNodeId)?.[0];
      if (via && key) keys.set(key, via);
    }
    return keys;
  }

  /**
   * The server's peer identities plus those of failed-over peers it no longer lists (a pair carried by the failover
   * node has no entry of its own, so the server sends no identity for it): the metrics report still names them.
   */
  reportedPeerIds(peerIds: ReadonlyMap<string, PeerMap[string]>): ReadonlyMap<string, PeerMap[string]> {
    const missing = this.#pairs
      .map((pair) => this.#direct.get(pair.peerNodeId))
      .filter((path) => path?.identity !== undefined && !peerIds.has(path.publicKey));
    if (missing.length === 0) return peerIds;
    const all = new Map(peerIds);
    for (const path of missing) all.set(path!.publicKey, path!.identity!);
    return all;
  }

  /** Asks for failover for unreachable direct peers and ends pairs whose direct path is back. */
  async check(peers: PeerTable, peerIds: ReadonlyMap<string, PeerMap[string]>): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    try {
      const stats = await this.stats();
      const handshakes = new Map([...stats].map(([key, s]) => [key, s.latestHandshake]));
      const broken = this.watch(peers, peerIds, stats);
      await this.ask(peers, peerIds, handshakes, broken);
      await this.fallBack(handshakes);
    } finally {
      this.#checking = false;
    }
  }

  stop(): void {
    this.#prober.close();
  }

  /** One sample of every direct peer's path (path-watch.ts): sends the probes it asks for, returns the broken. */
  private watch(
    peers: PeerTable,
    peerIds: ReadonlyMap<string, PeerMap[string]>,
    stats: ReadonlyMap<string, WireguardPeerStats>,
  ): Map<string, string> {
    const now = Date.now();
    const broken = new Map<string, string>();
    const watched = new Set<string>();
    for (const peer of peers.values()) {
      const identity = peerIds.get(peer.publicKey);
      const sample = stats.get(peer.publicKey);
      const address = identity && meshAddressOf(identity);
      if (!peer.endpoint || !sample || !address || identity.is_extclient || identity.id === '') continue;
      watched.add(peer.publicKey);
      const before = this.#paths.get(peer.publicKey);
      const verdict = watchPath(before, sample, now);
      if (!before && this.#answering.has(peer.publicKey)) verdict.state.answers = true;
      this.#paths.set(peer.publicKey, verdict.state);
      if (verdict.probe) this.#prober.send(peer.publicKey, address);
      if (verdict.broken) broken.set(peer.publicKey, verdict.broken);
    }
    for (const key of this.#paths.keys()) if (!watched.has(key)) this.#paths.delete(key);
    return broken;
  }

  private async ask(
    peers: PeerTable,
    peerIds: ReadonlyMap<string, PeerMap[string]>,
    handshakes: ReadonlyMap<string, number>,
    broken: ReadonlyMap<string, string>,
  ): Promise<void> {
    const asks = failoverAsks({
      peers,
      peerIds,
      ownNodes: this.#ownNodes,
      handshakes,
      broken,
      firstSeen: this.#firstSeen,
      lastAsked: this.#lastAsked,
      now: Date.now(),
    });
    for (const ask of asks) {
      this.#lastAsked.set(ask.peerKey, Date.now());
      const name = peerIds.get(ask.peerKey)?.name ?? ask.peerKey;
      try {
        await this.api.failoverMe(ask.nodeId, ask.peerNodeId);
        this.log(
          `failover: ${name} in ${ask.network} unreachable directly (${ask.why}); asked the failover node to carry it`,
        );
      } catch (error) {
        this.warnings.warn(
          `failover-${ask.peerKey}`,
          `failover: ${name} in ${ask.network} unreachable directly (${ask.why}), but: ${messageOf(error)}`,
        );
      }
    }
  }

  private async fallBack(handshakes: ReadonlyMap<string, number>): Promise<void> {
    const ends = fallBacks({
      pairs: this.#pairs,
      direct: this.#direct,
      handshakes,
      since: this.#since,
      lastEnded: this.#lastEnded,
      now: Date.now(),
    });
    for (const end of ends) {
      this.#lastEnded.set(pairKey(end), Date.now());
      const name = this.#direct.get(end.peerNodeId)?.name || end.peerNodeId;
      try {
        await this.api.endFailover(end.nodeId, end.peerNodeId);
        this.log(`failover: ${name} in ${end.network} reachable directly again (${end.why}); ended the pair`);
      } catch (error) {
        this.warnings.warn(
          `fallback-${pairKey(end)}`,
          `failover: could not end the pair with ${name} in ${end.network} (${end.why}): ${messageOf(error)}`,
        );
      }
    }
  }
}
