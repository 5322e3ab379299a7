import type { Metric, NodeMetrics, NodeStatus } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { meshHealth, type HealthContext, type HealthMember } from './metrics-health.ts';

const member = (id: string, status: NodeStatus = 'online'): HealthMember => ({
  id,
  network: 'net',
  hostId: `host-${id}`,
  name: `name-${id}`,
  status,
});

const metric = (fields: Partial<Metric> = {}): Metric => ({
  node_name: '',
  uptime: 1,
  totaltime: 1,
  latency: 5,
  totalreceived: 10,
  lasttotalreceived: 0,
  totalsent: 10,
  lasttotalsent: 0,
  actualuptime: 0,
  percentup: 100,
  connected: true,
  path: 'direct',
  ...fields,
});

const report = (id: string, peers: Record<string, Metric>, applied?: number): NodeMetrics => ({
  network: 'net',
  node_id: id,
  node_name: `name-${id}`,
  connectivity: peers,
  updated_at: new Date(0).toISOString(),
  agent_uptime_s: 60,
  ...(applied === undefined ? {} : { applied_peer_version: applied }),
});

const context = (fields: Partial<HealthContext> = {}): HealthContext => ({
  nowMs: 1_000_000,
  serverVersionOf: () => 0,
  behindSince: () => undefined,
  ...fields,
});

describe('mesh health summary', () => {
  it('meshHealth -> when nodes have every status, counts them under the console names', () => {
    const members = [member('a'), member('b', 'warning'), member('c', 'offline'), member('d', 'error')];
    const health = meshHealth([{ network: 'net', members, reports: [] }], context());
    expect(health.networks[0]!.nodes).toEqual({ healthy: 1, unstable: 1, error: 1, offline: 1, unknown: 0 });
  });

  it('meshHealth -> when one direction of a pair is unreachable, counts the pair once, as unreachable', () => {
    const members = [member('a'), member('b'), member('c')];
    const reports = [
      report('a', { b: metric(), c: metric({ path: 'relayed', via: 'b', reason: 'relayed' }) }),
      report('b', { a: metric({ connected: false, path: 'none', reason: 'no_answer' }), c: metric() }),
      report('c', { a: metric({ reason: 'blocked_by_policy', connected: false, path: 'none' }) }),
    ];
    const health = meshHealth([{ network: 'net', members, reports }], context());
    expect(health.networks[0]!.pairs).toEqual({ measured: 3, unreachable: 1, relayed: 1, blocked: 0 });
    expect(health.problem_pairs.map((p) => [p.node_id, p.peer_id, p.connected, p.via])).toEqual([
      ['b', 'a', false, undefined],
      ['a', 'c', true, 'name-b'],
    ]);
  });

  it('meshHealth -> when a pair is kept apart by policy, counts it as blocked and lists it as no problem', () => {
    const members = [member('a'), member('b')];
    const blocked = metric({ connected: false, path: 'none', reason: 'blocked_by_policy' });
    const reports = [report('a', { b: blocked }), report('b', { a: blocked })];
    const health = meshHealth([{ network: 'net', members, reports }], context());
    expect(health.networks[0]!.pairs).toEqual({ measured: 1, unreachable: 0, relayed: 0, blocked: 1 });
    expect(health.problem_pairs).toEqual([]);
  });

  it('meshHealth -> when a node is offline, skips its stale report and names the peer offline as the reason', () => {
    const members = [member('a'), member('b', 'offline')];
    const reports = [
      report('a', { b: metric({ connected: false, path: 'none', reason: 'handshake_stale' }) }),
      report('b', { a: metric() }),
    ];
    const health = meshHealth([{ network: 'net', members, reports }], context());
    expect(health.problem_pairs).toEqual([
      expect.objectContaining({ node_id: 'a', peer_id: 'b', reason: 'peer_offline' }),
    ]);
  });

  it('meshHealth -> when a node was behind its peer update past the threshold, lists it with the seconds behind', () => {
    const members = [member('a'), member('b'), member('c')];
    const reports = [report('a', {}, 3), report('b', {}, 3), report('c', {}, 5)];
    const health = meshHealth(
      [{ network: 'net', members, reports }],
      context({
        serverVersionOf: () => 5,
        // a: behind for 10 minutes; b: behind for 30 s (a normal delay); c: up to date.
        behindSince: (id) => ({ a: 400_000, b: 970_000, c: 0 })[id],
      }),
    );
    expect(health.lagging_nodes).toEqual([
      {
        network: 'net',
        node_id: 'a',
        node_name: 'name-a',
        applied_version: 3,
        server_version: 5,
        behind_s: 600,
      },
    ]);
    expect(health.networks[0]!.lagging).toBe(1);
  });

  it('meshHealth -> when the server has issued no version since it started, lists no node as lagging', () => {
    const members = [member('a')];
    const health = meshHealth(
      [{ network: 'net', members, reports: [report('a', {}, 9)] }],
      context({ behindSince: () => 0 }),
    );
    expect(health.lagging_nodes).toEqual([]);
  });
});
