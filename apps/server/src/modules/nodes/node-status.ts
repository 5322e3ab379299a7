import type { NodeStatus } from '@meshdeck/contracts';

/** A node that has not checked in for this long is offline (api-contract §5.4, simple rule). */
export const OFFLINE_AFTER_MS = 10 * 60 * 1000;
/** Peer computation ignores a host's own node when its last check-in is older than this (api-contract §5.4). */
export const STALE_FOR_PEERS_MS = 60 * 60 * 1000;

/**
 * The list endpoints' simple rule: a disconnected node or one silent for more than 10 minutes is offline,
 * otherwise online. v0.30 has no "disconnected" status, so a user-disconnected node reads offline.
 */
export function nodeStatus(node: { connected: number; last_check_in: string }, now: Date): NodeStatus {
  if (node.connected !== 1) return 'offline';
  const last = Date.parse(node.last_check_in);
  if (Number.isNaN(last) || now.getTime() - last > OFFLINE_AFTER_MS) return 'offline';
  return 'online';
}
