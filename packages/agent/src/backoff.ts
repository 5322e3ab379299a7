/** Capped exponential backoff with jitter, for reconnecting to the broker and retrying calls to the server. */
export interface BackoffPolicy {
  /** Delay before the first retry. */
  baseMs: number;
  /** No delay grows beyond this, however long the outage. */
  capMs: number;
}

/** Broker reconnects: quick after a blip (a restarted server is back within seconds), at most 30 s apart. */
export const RECONNECT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30_000 };

/**
 * The delay before retry number `attempt` (0-based): base x 2^attempt, capped, then spread over its upper half
 * ("equal jitter"), so a fleet of agents that lost the server at the same instant does not come back in step.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
