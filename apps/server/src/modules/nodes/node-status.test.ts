import { describe, expect, it } from 'vitest';
import { nodeStatus } from './node-status.ts';

const now = new Date('2030-01-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('nodeStatus', () => {
  it('when the node checked in a minute ago, is online', () => {
    expect(nodeStatus({ connected: 1, last_check_in: ago(1) }, now)).toBe('online');
  });
  it('when the last check-in is more than 10 minutes old, is offline', () => {
    expect(nodeStatus({ connected: 1, last_check_in: ago(11) }, now)).toBe('offline');
  });
  it('when the node is disconnected, is offline even if it just checked in', () => {
    expect(nodeStatus({ connected: 0, last_check_in: ago(0) }, now)).toBe('offline');
  });
  it('when the check-in time is missing or unreadable, is offline (the default)', () => {
    expect(nodeStatus({ connected: 1, last_check_in: '' }, now)).toBe('offline');
  });
});
