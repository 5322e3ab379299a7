import type { PeerMap } from '@meshdeck/contracts';
import type { PeerTable } from './peer-state.ts';

/**
 * Failover (issue 31): a direct peer this host cannot reach (WireGuard never completes a handshake with it, or
 * its last one is long past although keepalives keep asking) is handed to the network's failover node with
 * `failover_me`. Pure decisions here; the agent loop reads the handshakes and makes the calls.
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
 * the rules above, not asked about within {@link RETRY_MS}. `firstSeen` (peer key -> ms) is when the agent first
 * configured each peer; `handshakes` holds WireGuard's latest handshake per key in seconds (0 = never).
 */
export function failoverAsks(input: {
  peers: PeerTable;
  peerIds: ReadonlyMap<string, PeerMap[string]>;
  ownNodes: ReadonlyMap<string, string>;
  handshakes: ReadonlyMap<string, number>;
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
    let why: string | undefined;
    if (handshakeMs === 0 && seenMs >= NEVER_HANDSHAKEN_MS)
      why = `no handshake in ${Math.round(seenMs / 1000)} s`;
    else if (handshakeMs > 0 && input.now - handshakeMs >= STALE_HANDSHAKE_MS && seenMs >= STALE_HANDSHAKE_MS)
      why = `last handshake ${Math.round((input.now - handshakeMs) / 1000)} s ago`;
    if (why)
      asks.push({ peerKey: peer.publicKey, nodeId, peerNodeId: identity.id, network: identity.network, why });
  }
  return asks;
}
