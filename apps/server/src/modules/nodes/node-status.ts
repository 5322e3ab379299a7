import type { NodeStatus } from '@meshdeck/contracts';

/** Peer computation ignores a host's own node when its last check-in is older than this (api-contract §5.4). */
export const STALE_FOR_PEERS_MS = 60 * 60 * 1000;

/** When a node turns unstable and offline, by the age of its last check-in (config-status.ts). */
export interface StatusThresholds {
  unstableAfterMs: number;
  offlineAfterMs: number;
}

/** What a node's status is read from: its id, its connect flag, its host, and when it last checked in. */
export interface StatusInput {
  /** Without it, peers' measurements (connectivity) cannot be looked up: check-in status only. */
  id?: string;
  host_id: string;
  connected: number;
  last_check_in: string;
}

/**
 * The status rule (decision 050): a disconnected node is offline (v0.30 has no "disconnected"); a node whose last
 * check-in is older than `offlineAfterMs` is offline; older than `unstableAfterMs`, or whose agent lost its broker
 * session after that check-in (`brokerLostAt`), it is unstable (`warning`); otherwise online. `error` and the
 * connectivity `warning` come from what the node measured of its peers (`connectivityStatus`, decision 058).
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
 * What a node's latest metrics report says of the peers that count (api-contract §5.4's metrics rule, decision 058):
 * peers it may talk to that are themselves healthy. `at` is when the server took the report (epoch ms).
 */
export interface ConnectivityFact {
  network: string;
  counted: number;
  unreachable: number;
  at: number;
}

/** §5.4's metrics rule: all counted peers unreachable is `error`, more than half `warning`, else no say. */
export function connectivityStatus(
  fact: Pick<ConnectivityFact, 'counted' | 'unreachable'>,
): NodeStatus | undefined {
  if (fact.counted === 0) return undefined;
  if (fact.unreachable >= fact.counted) return 'error';
  if (fact.unreachable * 2 > fact.counted) return 'warning';
  return undefined;
}

/**
 * Node status by the server's own clock, shared by every view that shows it (lists, ApiNode, remote access) and by
 * the sweeper that announces its changes. Holds the one thing the database does not: which hosts' agents lost
 * their broker session (embedded broker only), a faster sign of a stopped agent than a missing check-in.
 */
export class NodeHealth {
  /** When each host's agent closed its last broker session, while that may still decide its status. */
  readonly #brokerLostAt = new Map<string, number>();
  /** Nodes whose latest report counted an unreachable peer (only those: a healthy mesh keeps this empty). */
  readonly #connectivity = new Map<string, ConnectivityFact>();

  constructor(
    readonly thresholds: StatusThresholds,
    private readonly clock: () => number = Date.now,
  ) {}

  now(): number {
    return this.clock();
  }

  /** The node's status now (or at `now`, so one list reads every row at the same instant). */
  statusOf(node: StatusInput, now = this.clock()): NodeStatus {
    const byCheckIn = checkInStatus(node, now, this.thresholds, this.#brokerLostAt.get(node.host_id));
    if (byCheckIn !== 'online' || node.id === undefined) return byCheckIn;
    const fact = this.#connectivity.get(node.id);
    return (fact && this.#isFresh(fact, now) && connectivityStatus(fact)) || byCheckIn;
  }

  /**
   * Records what a node's latest metrics report found (the metrics module pushes it, wired in app.ts); returns
   * whether the connectivity part of its status moved, so the caller announces it.
   */
  connectivity(nodeId: string, fact: ConnectivityFact): boolean {
    const before = this.#connectivityOf(nodeId, fact.at);
    if (fact.unreachable > 0) this.#connectivity.set(nodeId, fact);
    else this.#connectivity.delete(nodeId);
    return before !== connectivityStatus(fact);
  }

  #connectivityOf(nodeId: string, now: number): NodeStatus | undefined {
    const fact = this.#connectivity.get(nodeId);
    return fact && this.#isFresh(fact, now) ? connectivityStatus(fact) : undefined;
  }

  /** A report older than the offline age says nothing any more: its node stopped reporting (or metrics are off). */
  #isFresh(fact: ConnectivityFact, now: number): boolean {
    return now - fact.at <= this.thresholds.offlineAfterMs;
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
   * age, the check-in before it is older still (offline anyway), and any check-in after it outranks it. Drops
   * connectivity facts past that age too, and returns the nodes whose status that moved (the sweeper announces them).
   */
  prune(now = this.clock()): { id: string; network: string }[] {
    for (const [hostId, lostAt] of this.#brokerLostAt)
      if (now - lostAt > this.thresholds.offlineAfterMs) this.#brokerLostAt.delete(hostId);
    const expired = [];
    for (const [id, fact] of this.#connectivity)
      if (!this.#isFresh(fact, now)) {
        this.#connectivity.delete(id);
        if (connectivityStatus(fact) !== undefined) expired.push({ id, network: fact.network });
      }
    return expired;
  }

  /** Drops a deleted host's state. */
  forget(hostId: string): void {
    this.#brokerLostAt.delete(hostId);
  }
}
