import { fromWireSet, type PeerMap, type RawNode } from '@meshdeck/contracts';
import type { Peer, PeerTable } from './peer-state.ts';

/**
 * Failover (issue 31): a direct peer this host cannot reach (WireGuard never completes a handshake with it, or
 * its last one is long past although keepalives keep asking) is handed to the network's failover node with
 * `failover_me`. While a pair is failed over, each side keeps the other as a WireGuard peer without allowed IPs
 * (a probe peer: it only shakes hands); a handshake with it means the direct path is back, and the pair is ended
 * with `DELETE failover_me`. Pure decisions here; failover-control.ts reads the handshakes and makes the calls.
 */

/** A peer with an endpoint that has not completed a handshake for this long since it appeared is unreachable. */
export const NEVER_HANDSHAKEN_MS = 15_000;
/** WireGuard re-handshakes every 2 minutes while packets flow; a handshake older than this means no path. */
export const STALE_HANDSHAKE_MS = 180_000;
/** After a refused or failed request the agent asks again for the same peer no sooner than this. */
export const RETRY_MS = 15_000;

export interface FailoverAsk {
  peerKey: string;
  /** Own node and the peer's node, in the network they share. */
  nodeId: string;
  peerNodeId: string;
  network: string;
  why: string;
}

/**
 * The pairs to hand to the failover node now: direct peers (with an endpoint) known by node id, unreachable by
 * the rules above or found broken by the path watch (`broken`, peer key -> why; path-watch.ts), not asked about
 * within {@link RETRY_MS}. `firstSeen` (peer key -> ms) is when the agent first configured each peer;
 * `handshakes` holds WireGuard's latest handshake per key in seconds (0 = never).
 */
export function failoverAsks(input: {
  peers: PeerTable;
  peerIds: ReadonlyMap<string, PeerMap[string]>;
  ownNodes: ReadonlyMap<string, string>;
  handshakes: ReadonlyMap<string, number>;
  broken?: ReadonlyMap<string, string>;
  firstSeen: ReadonlyMap<string, number>;
  lastAsked: ReadonlyMap<string, number>;
  now: number;
}): FailoverAsk[] {
  const asks: FailoverAsk[] = [];
  for (const peer of input.peers.values()) {
    if (!peer.endpoint) continue;
    const identity = input.peerIds.get(peer.publicKey);
    const nodeId = identity ? input.ownNodes.get(identity.network) : undefined;
    if (!identity || !nodeId || identity.is_extclient || identity.id === '') continue;
    if (input.now - (input.lastAsked.get(peer.publicKey) ?? -Infinity) < RETRY_MS) continue;
    const handshakeMs = (input.handshakes.get(peer.publicKey) ?? 0) * 1000;
    const seenMs = input.now - (input.firstSeen.get(peer.publicKey) ?? input.now);
    // The path watch's verdict first (a connected pair whose path broke); the handshake rules stay as a backstop.
    let why = input.broken?.get(peer.publicKey);
    if (why === undefined && handshakeMs === 0 && seenMs >= NEVER_HANDSHAKEN_MS)
      why = `no handshake in ${Math.round(seenMs / 1000)} s`;
    else if (
      why === undefined &&
      handshakeMs > 0 &&
      input.now - handshakeMs >= STALE_HANDSHAKE_MS &&
      seenMs >= STALE_HANDSHAKE_MS
    )
      why = `last handshake ${Math.round((input.now - handshakeMs) / 1000)} s ago`;
    if (why)
      asks.push({ peerKey: peer.publicKey, nodeId, peerNodeId: identity.id, network: identity.network, why });
  }
  return asks;
}

/** Keepalive of a probe peer: WireGuard keeps initiating handshakes at this pace while the path stays dead. */
export const PROBE_KEEPALIVE_SECONDS = 5;

/** A failed-over pair as this host's node records it (`fail_over_peers`). */
export interface FailedOverPair {
  nodeId: string;
  peerNodeId: string;
  network: string;
}

/** The pairs this host's live nodes are failed over in. */
export function failedOverPairs(nodes: readonly RawNode[]): FailedOverPair[] {
  return nodes
    .filter((n) => !n.pendingdelete && n.action !== 'delete')
    .flatMap((n) =>
      fromWireSet(n.fail_over_peers).map((peerNodeId) => ({ nodeId: n.id, peerNodeId, network: n.network })),
    );
}

/** Where a peer node was reached directly before its pair was failed over. */
export interface DirectPath {
  publicKey: string;
  endpoint: string;
  name: string;
  /** What the server said of the peer then (it says nothing of it while the pair is failed over). */
  identity?: PeerMap[string];
}

/**
 * The probe peers to configure beside the server's table: one per failed-over pair whose peer key and former
 * endpoint are known and which the server does not list directly (it would carry allowed IPs then).
 */
export function probePeers(
  pairs: readonly FailedOverPair[],
  direct: ReadonlyMap<string, DirectPath>,
  peers: PeerTable,
): Peer[] {
  const probes = new Map<string, Peer>();
  for (const pair of pairs) {
    const path = direct.get(pair.peerNodeId);
    if (!path || peers.has(path.publicKey)) continue;
    probes.set(path.publicKey, {
      publicKey: path.publicKey,
      endpoint: path.endpoint,
      allowedIps: [],
      keepaliveSeconds: PROBE_KEEPALIVE_SECONDS,
    });
  }
  return [...probes.values()];
}

export interface FallBack extends FailedOverPair {
  why: string;
}

/**
 * The pairs to end now: a probe peer completed a handshake after the pair was failed over (`since`, ms, when
 * this agent first saw it), or this agent does not know the peer's key (it restarted while failed over), so only
 * a fresh try of the direct path can tell; a refused or failed end is retried no sooner than {@link RETRY_MS}.
 */
export function fallBacks(input: {
  pairs: readonly FailedOverPair[];
  direct: ReadonlyMap<string, DirectPath>;
  handshakes: ReadonlyMap<string, number>;
  since: ReadonlyMap<string, number>;
  lastEnded: ReadonlyMap<string, number>;
  now: number;
}): FallBack[] {
  const ends: FallBack[] = [];
  for (const pair of input.pairs) {
    const key = pairKey(pair);
    if (input.now - (input.lastEnded.get(key) ?? -Infinity) < RETRY_MS) continue;
    const path = input.direct.get(pair.peerNodeId);
    if (!path) {
      ends.push({ ...pair, why: 'its key is unknown to this agent since a restart: trying direct again' });
      continue;
    }
    const handshakeMs = (input.handshakes.get(path.publicKey) ?? 0) * 1000;
    if (handshakeMs > (input.since.get(key) ?? Infinity))
      ends.push({ ...pair, why: 'a direct handshake completed' });
  }
  return ends;
}

/** One key per pair as seen from this host. */
export const pairKey = (pair: FailedOverPair): string => `${pair.nodeId}/${pair.peerNodeId}`;
