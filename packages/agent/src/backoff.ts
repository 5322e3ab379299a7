/** Capped exponential backoff with jitter, for reconnecting to the broker and retrying calls to the server. */
export interface BackoffPolicy {
  /** Delay before the first retry. */
  baseMs: number;
  /** No delay grows beyond this, however long the outage. */
  capMs: number;
  /** The first `attempts` retries stay within `capMs` of their own: an outage that short is a restart. */
  early?: { attempts: number; capMs: number };
}

/**
 * Broker reconnects: quick after a blip. For about the first minute (20 retries) they are at most 4 s apart, so
 * an agent is back within 5 s of a restarted server answering (issue 19); after that a long outage spaces them
 * out to at most 30 s.
 */
export const RECONNECT_BACKOFF: BackoffPolicy = {
  baseMs: 500,
  capMs: 30_000,
  early: { attempts: 20, capMs: 4_000 },
};

/**
 * Joining a server that did not answer: slower than a reconnect, since a join that timed out may still be running
 * on a server busy with a burst of joins, and a fleet retrying every few seconds would only add to its queue.
 */
export const REGISTER_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };

/**
 * The delay before retry number `attempt` (0-based): base x 2^attempt, capped, then spread over its upper half
 * ("equal jitter"), so a fleet of agents that lost the server at the same instant does not come back in step.
 */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const cap =
    policy.early && attempt < policy.early.attempts
      ? Math.min(policy.early.capMs, policy.capMs)
      : policy.capMs;
  const ceiling = Math.min(cap, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
