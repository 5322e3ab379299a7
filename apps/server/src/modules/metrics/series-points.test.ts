import type { MetricsReport, NodeMetrics } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { seriesPoints } from './metrics.service.ts';

const sample = (
  peer: string,
  reachable: boolean,
  latency?: number,
  path: 'direct' | 'relayed' = 'direct',
) => ({
  peer,
  reachable,
  ...(latency === undefined ? {} : { latency_ms: latency }),
  rx_bytes: 100,
  tx_bytes: 50,
  path,
});
const report = (peers: MetricsReport['peers']): MetricsReport => ({
  node_id: 'n1',
  network: 'net',
  collected_at: 0,
  agent_uptime_s: 1,
  peers,
});

describe('seriesPoints (decision 061)', () => {
  it('when every pair is healthy, stores one point for the node as a whole and none per pair', () => {
    const points = seriesPoints(report([sample('a', true, 4), sample('b', true, 8)]), undefined, 1000);
    expect(points).toEqual([
      {
        node_id: 'n1',
        peer_id: '',
        at: 1000,
        checks: 2,
        up: 2,
        latency_sum: 12,
        latency_count: 2,
        latency_max: 8,
        rx: 200,
        tx: 100,
      },
    ]);
  });

  it('when a pair is unreachable, relayed or slow, stores its point too; and once more when it recovers', () => {
    const first = seriesPoints(
      report([
        sample('a', false),
        sample('b', true, 5, 'relayed'),
        sample('c', true, 350),
        sample('d', true, 3),
      ]),
      undefined,
      1000,
    );
    expect(first.map((p) => [p.peer_id, p.up])).toEqual([
      ['', 3],
      ['a', 0],
      ['b', 1],
      ['c', 1],
    ]);
    const before = {
      connectivity: {
        a: { connected: false, latency: 999, path: 'direct' },
        d: { connected: true, latency: 3, path: 'direct' },
      },
    } as unknown as NodeMetrics;
    const recovered = seriesPoints(report([sample('a', true, 4), sample('d', true, 3)]), before, 1060);
    expect(recovered.map((p) => p.peer_id)).toEqual(['', 'a']);
  });
});
