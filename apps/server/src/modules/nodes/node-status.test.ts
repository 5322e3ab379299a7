import { describe, expect, it } from 'vitest';
import { NodeHealth, checkInStatus } from './node-status.ts';

const thresholds = { unstableAfterMs: 90_000, offlineAfterMs: 240_000 };
const start = Date.parse('2030-01-01T12:00:00Z');
const at = (ms: number) => new Date(start + ms).toISOString();

/** A node that checked in at `start`, and a clock the test moves. */
function fixture() {
  let now = start;
  const health = new NodeHealth(thresholds, () => now);
  const node = { host_id: 'h1', connected: 1, last_check_in: at(0) };
  return { health, node, advance: (ms: number) => (now += ms), setNow: (ms: number) => (now = start + ms) };
}

describe('checkInStatus', () => {
  it('when the node is disconnected, is offline even if it just checked in', () => {
    expect(checkInStatus({ connected: 0, last_check_in: at(0) }, start, thresholds)).toBe('offline');
  });
  it('when the check-in time is missing or unreadable, is offline (the default)', () => {
    expect(checkInStatus({ connected: 1, last_check_in: '' }, start, thresholds)).toBe('offline');
  });
  it('when the broker session was lost before the last check-in, the check-in decides (online)', () => {
    expect(checkInStatus({ connected: 1, last_check_in: at(0) }, start + 1000, thresholds, start - 1)).toBe(
      'online',
    );
  });
});

describe('NodeHealth (the status state machine, on an injected clock)', () => {
  it('when an agent stops checking in, goes online -> warning (unstable) after the unstable age -> offline after the offline age', () => {
    const { health, node, setNow } = fixture();
    expect(health.statusOf(node)).toBe('online');
    setNow(90_000);
    expect(health.statusOf(node)).toBe('online');
    setNow(90_001);
    expect(health.statusOf(node)).toBe('warning');
    setNow(240_000);
    expect(health.statusOf(node)).toBe('warning');
    setNow(240_001);
    expect(health.statusOf(node)).toBe('offline');
  });

  it('when the agent checks in again, is online again from offline or unstable', () => {
    const { health, node, setNow } = fixture();
    setNow(300_000);
    expect(health.statusOf(node)).toBe('offline');
    expect(health.statusOf({ ...node, last_check_in: at(300_000) })).toBe('online');
    setNow(400_000);
    expect(health.statusOf({ ...node, last_check_in: at(300_000) })).toBe('warning');
  });

  it('when the agent loses its broker session, is unstable at once; a new session or a later check-in makes it online again', () => {
    const { health, node, advance } = fixture();
    advance(5_000);
    expect(health.brokerSession('h1', false)).toBeUndefined();
    expect(health.statusOf(node)).toBe('warning');
    // Another host's nodes are not affected.
    expect(health.statusOf({ ...node, host_id: 'h2' })).toBe('online');
    advance(1_000);
    expect(health.statusOf({ ...node, last_check_in: at(6_000) })).toBe('online');
    expect(health.brokerSession('h1', true)).toBe(start + 5_000);
    expect(health.statusOf(node)).toBe('online');
  });

  it('when a lost session is older than the offline age, prune forgets it (the node is offline by its check-in anyway)', () => {
    const { health, node, advance } = fixture();
    advance(10_000);
    health.brokerSession('h1', false);
    advance(240_000);
    health.prune();
    expect(health.brokerSession('h1', true)).toBe(start + 10_000);
    health.brokerSession('h1', false);
    advance(240_001);
    health.prune();
    expect(health.brokerSession('h1', true)).toBeUndefined();
    expect(health.statusOf(node)).toBe('offline');
  });

  it('when a host is deleted, forget drops its lost session', () => {
    const { health, node } = fixture();
    health.brokerSession('h1', false);
    health.forget('h1');
    expect(health.statusOf(node)).toBe('online');
  });
});

describe('NodeHealth connectivity (api-contract §5.4 metrics rule, decision 058)', () => {
  const fact = (counted: number, unreachable: number, atMs = 0) => ({
    network: 'net1',
    counted,
    unreachable,
    at: start + atMs,
  });

  it('when every counted peer is unreachable, an online node is error; more than half, warning; half, online', () => {
    const { health, node } = fixture();
    const withId = { ...node, id: 'n1' };
    expect(health.connectivity('n1', fact(2, 2))).toBe(true);
    expect(health.statusOf(withId)).toBe('error');
    expect(health.connectivity('n1', fact(3, 2))).toBe(true);
    expect(health.statusOf(withId)).toBe('warning');
    expect(health.connectivity('n1', fact(4, 2))).toBe(true);
    expect(health.statusOf(withId)).toBe('online');
    expect(health.connectivity('n1', fact(4, 0))).toBe(false);
    // A node with no counted peer (alone, or every peer unhealthy) is judged by its check-in only.
    expect(health.connectivity('n1', fact(0, 0))).toBe(false);
    expect(health.statusOf(withId)).toBe('online');
  });

  it('when the node is offline or unstable by its check-in, the check-in decides (connectivity only worsens online)', () => {
    const { health, node, setNow } = fixture();
    health.connectivity('n1', fact(1, 1));
    setNow(90_001);
    expect(health.statusOf({ ...node, id: 'n1' })).toBe('warning');
    expect(health.statusOf({ ...node, id: 'n1', connected: 0 })).toBe('offline');
  });

  it('when the report is older than the offline age, it says nothing: prune drops it and names the node', () => {
    const { health, node, setNow } = fixture();
    health.connectivity('n1', fact(2, 2));
    const fresh = { ...node, id: 'n1', last_check_in: at(240_000) };
    setNow(240_000);
    expect(health.statusOf(fresh)).toBe('error');
    expect(health.prune()).toEqual([]);
    setNow(240_001);
    expect(health.statusOf(fresh)).toBe('online');
    expect(health.prune()).toEqual([{ id: 'n1', network: 'net1' }]);
    expect(health.prune()).toEqual([]);
  });
});
