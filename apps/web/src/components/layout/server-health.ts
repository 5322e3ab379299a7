import type { ServerHealthState } from '@/lib/server-status.ts';

/** The licence error a Pro server reports once its trial is over; the dialog shows a dedicated view for it. */
export const TRIAL_ENDED_LICENSE_ERROR = 'your trial has ended';

/** One line of the server-health dialog. */
export type HealthProblem = 'billing' | 'database' | 'broker' | 'network';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The problems to explain, in the spec's order (§4 "Server-health dialog"): billing, database, broker, network. */
export function listHealthProblems(status: ServerHealthState): HealthProblem[] {
  const problems: HealthProblem[] = [];
  if (status.licenseError !== '') problems.push('billing');
  if (!status.isDbConnected) problems.push('database');
  if (!status.isBrokerConnected) problems.push('broker');
  if (!status.isNetworkHealthy) problems.push('network');
  return problems;
}

/** True when the only thing to say is that the Pro trial is over. */
export const isTrialEnded = (status: ServerHealthState): boolean =>
  status.licenseError.trim().toLowerCase() === TRIAL_ENDED_LICENSE_ERROR;

/** Which trial message applies: more than a day left, less than a day, or over. */
export type TrialPhase = { phase: 'days'; daysLeft: number } | { phase: 'last-day' } | { phase: 'ended' };

/**
 * Days left are the ceiling of the days to the end date (spec §4 "Trial"), so a trial ending in 30 hours
 * reads "2 days". Null when the server is not on a trial or sent a date the console cannot read.
 */
export function trialPhase(status: ServerHealthState, now: Date): TrialPhase | null {
  if (!status.isOnTrial) return null;
  const end = Date.parse(status.trialEndDate);
  if (Number.isNaN(end)) return null;
  const remainingMs = end - now.getTime();
  if (remainingMs <= 0) return { phase: 'ended' };
  const daysLeft = Math.ceil(remainingMs / MS_PER_DAY);
  return daysLeft > 1 ? { phase: 'days', daysLeft } : { phase: 'last-day' };
}
