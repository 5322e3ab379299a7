import { describe, expect, it } from 'vitest';
import { UNKNOWN_SERVER_STATUS } from '@/lib/server-status.ts';
import { isTrialEnded, listHealthProblems, trialPhase } from './server-health.ts';

const now = new Date('2026-11-20T12:00:00Z');
const onTrialUntil = (trialEndDate: string) => ({
  ...UNKNOWN_SERVER_STATUS,
  isPro: true,
  isOnTrial: true,
  trialEndDate,
});

describe('listHealthProblems', () => {
  it('when everything fails, lists billing, database, broker, network in that order', () => {
    const status = {
      ...UNKNOWN_SERVER_STATUS,
      licenseError: 'unpaid',
      isDbConnected: false,
      isBrokerConnected: false,
      isNetworkHealthy: false,
    };
    expect(listHealthProblems(status)).toEqual(['billing', 'database', 'broker', 'network']);
  });

  it('when the server is healthy, lists nothing; otherwise only what is wrong', () => {
    expect(listHealthProblems(UNKNOWN_SERVER_STATUS)).toEqual([]);
    expect(listHealthProblems({ ...UNKNOWN_SERVER_STATUS, isNetworkHealthy: false })).toEqual(['network']);
  });
});

describe('isTrialEnded', () => {
  it('is true only for the trial-ended licence error', () => {
    expect(isTrialEnded({ ...UNKNOWN_SERVER_STATUS, licenseError: 'your trial has ended' })).toBe(true);
    expect(isTrialEnded({ ...UNKNOWN_SERVER_STATUS, licenseError: 'unpaid' })).toBe(false);
  });
});

describe('trialPhase', () => {
  it('when not on a trial, or the date is unreadable, returns null', () => {
    expect(trialPhase(UNKNOWN_SERVER_STATUS, now)).toBeNull();
    expect(trialPhase(onTrialUntil('not a date'), now)).toBeNull();
  });

  it('counts days left as the ceiling of the days to the end date', () => {
    expect(trialPhase(onTrialUntil('2026-11-27T12:00:00Z'), now)).toEqual({ phase: 'days', daysLeft: 7 });
    // 30 hours is more than one day, so it reads 2 days.
    expect(trialPhase(onTrialUntil('2026-11-21T18:00:00Z'), now)).toEqual({ phase: 'days', daysLeft: 2 });
  });

  it('with a day or less left reports the last day, and once past the end date reports ended', () => {
    expect(trialPhase(onTrialUntil('2026-11-20T20:00:00Z'), now)).toEqual({ phase: 'last-day' });
    expect(trialPhase(onTrialUntil('2026-11-20T11:59:00Z'), now)).toEqual({ phase: 'ended' });
  });
});
