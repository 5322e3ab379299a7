import type { ChangeEvent, Metric, NodeMetrics } from '@meshdeck/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_IDS_PER_METRICS_EVENT, MetricsAnnouncer, changesWhatIsDrawn } from './metrics-changes.ts';

const metric = (patch: Partial<Metric> = {}): Metric => ({
  node_name: 'peer',
  uptime: 1,
  totaltime: 1,
  latency: 20,
  totalreceived: 100,
  lasttotalreceived: 0,
  totalsent: 100,
  lasttotalsent: 0,
  actualuptime: 0,
  percentup: 100,
  connected: true,
  path: 'direct',
  ...patch,
});
const node = (connectivity: Record<string, Metric>): NodeMetrics => ({
  network: 'office',
  node_id: 'a',
  node_name: 'a',
  connectivity,
  updated_at: '2026-11-29T06:00:00.000Z',
  agent_uptime_s: 60,
});

describe('changesWhatIsDrawn', () => {
  it.each<[string, NodeMetrics | undefined, NodeMetrics, boolean]>([
    ['the first report', undefined, node({ b: metric() }), true],
    [
      'only bytes and a latency within its band moved',
      node({ b: metric() }),
      node({ b: metric({ latency: 250, totalsent: 9000 }) }),
      false,
    ],
    ['a pair became unreachable', node({ b: metric() }), node({ b: metric({ connected: false }) }), true],
    ['a latency crossed 300 ms', node({ b: metric() }), node({ b: metric({ latency: 301 }) }), true],
    [
      'a latency crossed 500 ms',
      node({ b: metric({ latency: 400 }) }),
      node({ b: metric({ latency: 501 }) }),
      true,
    ],
    [
      'a pair switched to a relay',
      node({ b: metric() }),
      node({ b: metric({ path: 'relayed', via: 'r' }) }),
      true,
    ],
    ['a peer appeared', node({ b: metric() }), node({ b: metric(), c: metric() }), true],
  ])('-> when %s, returns %s', (_label, before, after, expected) => {
    expect(changesWhatIsDrawn(before, after)).toBe(expected);
  });
});

describe('MetricsAnnouncer', () => {
  afterEach(() => vi.useRealTimers());

  it('-> when changes follow each other within the window, announces the first at once and the rest as one event at its end', () => {
    vi.useFakeTimers();
    const events: ChangeEvent[] = [];
    const announcer = new MetricsAnnouncer({ publish: (e) => events.push(e), windowMs: 2000 }, () =>
      Date.now(),
    );
    announcer.changed('office', 'a');
    expect(events).toEqual([{ resource: 'metrics', action: 'updated', network: 'office', ids: ['a'] }]);
    announcer.changed('office', 'b');
    announcer.changed('office', 'c');
    announcer.changed('lab', 'x');
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(2000);
    expect(events.slice(2)).toEqual([
      { resource: 'metrics', action: 'updated', network: 'office', ids: ['b', 'c'] },
    ]);
    expect(events[1]).toEqual({ resource: 'metrics', action: 'updated', network: 'lab', ids: ['x'] });
    announcer.stop();
  });

  it('-> when more nodes changed than an event names, announces the network without ids', () => {
    vi.useFakeTimers();
    const events: ChangeEvent[] = [];
    const announcer = new MetricsAnnouncer({ publish: (e) => events.push(e), windowMs: 2000 }, () =>
      Date.now(),
    );
    announcer.changed('office', 'first');
    for (let i = 0; i <= MAX_IDS_PER_METRICS_EVENT; i++) announcer.changed('office', `n${i}`);
    vi.advanceTimersByTime(2000);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({ resource: 'metrics', action: 'updated', network: 'office' });
  });
});
