import type { NodeStatus } from '@meshdeck/contracts';

/** Peer computation ignores a host's own node when its last check-in is older than this (api-contract §5.4). */
export const STALE_FOR_PEERS_MS = 60 * 60 * 1000;

/** When a node turns unstable and offline, by the age of its last check-in (config-status.ts). */
export interface StatusThresholds {
  unstableAfterMs: number;
  offlineAfterMs: number;
}

/** What a node's status is read from: its connect flag, its host, and when it last checked in. */
export interface StatusInput {
  host_id: string;
  connected: number;
  last_check_in: string;
}

/**
 * The status rule (decision 050): a disconnected node is offline (v0.30 has no "disconnected"); a node whose last
 * check-in is older than `offlineAfterMs` is offline; older than `unstableAfterMs`, or whose agent lost its broker
 * session after that check-in (`brokerLostAt`), it is unstable (`warning`); otherwise online. `error` belongs to the
 * contract's metrics rule (peers unreachable), which needs connectivity data agents do not send: never given here.
 */
export function checkInStatus(
  node: Omit<StatusInput, 'host_id'>,
  now: number,
  thresholds: StatusThresholds,
  brokerLostAt?: number,
): NodeStatus {
  if (node.connected !== 1) return 'offline';
  const last = Date.parse(node.last_check_in);
  if (Number.isNaN(last) || now - last > thresholds.offlineAfterMs) return 'offline';
  if (now - last > thresholds.unstableAfterMs) return 'warning';
  if (brokerLostAt !== undefined && brokerLostAt > last) return 'warning';
  return 'online';
}

/**
 * Node status by the server's own clock, shared by every view that shows it (lists, ApiNode, remote access) and by
 * the sweeper that announces its changes. Holds the one thing the database does not: which hosts' agents lost
 * their broker session (embedded broker only), a faster sign of a stopped agent than a missing check-in.
 */
export class NodeHealth {
  /** When each host's agent closed its last broker session, while that may still decide its status. */
  readonly #brokerLostAt = new Map<string, number>();

  constructor(
    readonly thresholds: StatusThresholds,
    private readonly clock: () => number = Date.now,
  ) {}

  now(): number {
    return this.clock();
  }

  /** The node's status now (or at `now`, so one list reads every row at the same instant). */
  statusOf(node: StatusInput, now = this.clock()): NodeStatus {
    return checkInStatus(node, now, this.thresholds, this.#brokerLostAt.get(node.host_id));
  }

  /**
   * Records a host's agent opening its first or closing its last broker session; returns when it had lost its
   * previous one (undefined if it had not, or long enough ago not to matter), to tell what the change moved.
   */
  brokerSession(hostId: string, isOpen: boolean): number | undefined {
    const lostBefore = this.#brokerLostAt.get(hostId);
    if (isOpen) this.#brokerLostAt.delete(hostId);
    else this.#brokerLostAt.set(hostId, this.clock());
    return lostBefore;
  }

  /**
   * Forgets lost sessions that can no longer decide a status: once a session was lost longer ago than the offline
   * age, the check-in before it is older still (offline anyway), and any check-in after it outranks it.
   */
  prune(now = this.clock()): void {
    for (const [hostId, lostAt] of this.#brokerLostAt)
      if (now - lostAt > this.thresholds.offlineAfterMs) this.#brokerLostAt.delete(hostId);
  }

  /** Drops a deleted host's state. */
  forget(hostId: string): void {
    this.#brokerLostAt.delete(hostId);
  }
}
