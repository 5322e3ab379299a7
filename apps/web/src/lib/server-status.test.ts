import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import {
  foldServerStatus,
  isServerHealthy,
  UNKNOWN_SERVER_STATUS,
  type ServerHealthState,
} from './server-status.ts';

const answer = {
  db_connected: true,
  broker_connected: false,
  is_broker_conn_open: false,
  license_error: 'licence expired',
  is_pro: true,
  trial_end_date: '2026-12-01T00:00:00Z',
  is_on_trial_license: true,
  deployment_mode: 'self-hosted',
  version: 'v0.30.0',
};

const apiError = (kind: 'http' | 'network' | 'invalid-response') =>
  new ApiError({ kind, status: kind === 'http' ? 500 : 0, message: 'failed', path: 'server/status' });

/** A previous state that differs from the defaults in every health field, so "kept" is visible. */
const previous: ServerHealthState = {
  ...UNKNOWN_SERVER_STATUS,
  isDbConnected: false,
  isBrokerConnected: false,
  licenseError: 'old licence error',
  isNetworkHealthy: false,
};

describe('foldServerStatus', () => {
  it('when the server answers, stores its values and marks the network healthy', () => {
    expect(foldServerStatus(previous, { answer })).toEqual({
      isKnown: true,
      isPro: true,
      isDbConnected: true,
      isBrokerConnected: false,
      licenseError: 'licence expired',
      version: 'v0.30.0',
      isNetworkHealthy: true,
      isOnTrial: true,
      trialEndDate: '2026-12-01T00:00:00Z',
    });
  });

  it('when the server answers an HTTP error, keeps db, broker and licence and marks the network healthy', () => {
    expect(foldServerStatus(previous, { error: apiError('http') })).toEqual({
      ...previous,
      isNetworkHealthy: true,
    });
  });

  it('when no answer arrives, keeps the rest and marks the network unhealthy', () => {
    const healthy = { ...UNKNOWN_SERVER_STATUS, licenseError: 'kept' };
    expect(foldServerStatus(healthy, { error: apiError('network') })).toEqual({
      ...healthy,
      isNetworkHealthy: false,
    });
  });

  it('when the call fails another way, marks database and broker disconnected', () => {
    for (const error of [apiError('invalid-response'), new Error('boom')]) {
      expect(foldServerStatus(UNKNOWN_SERVER_STATUS, { error })).toEqual({
        ...UNKNOWN_SERVER_STATUS,
        isDbConnected: false,
        isBrokerConnected: false,
        isNetworkHealthy: true,
      });
    }
  });
});

describe('the edition before the first answer (issue 39)', () => {
  it('when no poll has been answered yet, or the first got no answer, the edition stays unknown, never community', () => {
    expect(UNKNOWN_SERVER_STATUS.isKnown).toBe(false);
    for (const error of [apiError('network'), apiError('http'), new Error('boom')])
      expect(foldServerStatus(UNKNOWN_SERVER_STATUS, { error }).isKnown).toBe(false);
  });

  it('once the server has answered, a later failed poll keeps the edition known', () => {
    const known = foldServerStatus(UNKNOWN_SERVER_STATUS, { answer });
    expect(foldServerStatus(known, { error: apiError('network') })).toMatchObject({
      isKnown: true,
      isPro: true,
    });
  });
});

describe('isServerHealthy', () => {
  it('is true only with the database connected, the network healthy and no licence error', () => {
    expect(isServerHealthy(UNKNOWN_SERVER_STATUS)).toBe(true);
    expect(isServerHealthy({ ...UNKNOWN_SERVER_STATUS, isDbConnected: false })).toBe(false);
    expect(isServerHealthy({ ...UNKNOWN_SERVER_STATUS, isNetworkHealthy: false })).toBe(false);
    expect(isServerHealthy({ ...UNKNOWN_SERVER_STATUS, licenseError: 'unpaid' })).toBe(false);
  });

  it('when only the broker is down, stays healthy (the banner warns, the console keeps working)', () => {
    expect(isServerHealthy({ ...UNKNOWN_SERVER_STATUS, isBrokerConnected: false })).toBe(true);
  });
});
