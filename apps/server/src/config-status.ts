import { z } from 'zod';

const seconds = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

/**
 * The environment variables of node and host status (README "Configuration", decision 050). The defaults show a
 * stopped agent as unstable within 2 minutes and offline within 5: its last check-in is at or before its stop, it
 * turns unstable 90 s (one 30 s interval plus 60 s of grace) and offline 240 s after that check-in, and a sweep
 * notices within 15 s (sooner on the embedded broker, where a closed agent session makes it unstable at once).
 */
export const statusEnvSchema = z.object({
  /** How often agents check in: the agent's `--check-in-seconds` (its default is 30). */
  AGENT_CHECK_IN_SECONDS: seconds(1, 3600, 30),
  /** How late a check-in may be before its node is unstable: unstable after one interval plus this. */
  STATUS_GRACE_SECONDS: seconds(0, 3600, 60),
  /** How old the last check-in is when a node turns offline. */
  STATUS_OFFLINE_AFTER_SECONDS: seconds(2, 86400, 240),
});

export interface StatusConfig {
  /** The agents' check-in interval, in milliseconds. */
  checkInMs: number;
  /** A node whose last check-in is older than this is unstable (one interval plus the grace). */
  unstableAfterMs: number;
  /** A node whose last check-in is older than this is offline. */
  offlineAfterMs: number;
  /** How often the server looks for nodes whose status moved: half an interval, at most 15 s. */
  sweepEveryMs: number;
}

/** The status settings, or the message naming the variable whose value cannot work with the others. */
export function statusConfig(e: z.infer<typeof statusEnvSchema>): StatusConfig | string {
  const checkInMs = e.AGENT_CHECK_IN_SECONDS * 1000;
  const unstableAfterMs = checkInMs + e.STATUS_GRACE_SECONDS * 1000;
  const offlineAfterMs = e.STATUS_OFFLINE_AFTER_SECONDS * 1000;
  if (offlineAfterMs <= unstableAfterMs)
    return `STATUS_OFFLINE_AFTER_SECONDS: must be more than AGENT_CHECK_IN_SECONDS plus STATUS_GRACE_SECONDS (${unstableAfterMs / 1000})`;
  return { checkInMs, unstableAfterMs, offlineAfterMs, sweepEveryMs: Math.min(checkInMs / 2, 15_000) };
}
