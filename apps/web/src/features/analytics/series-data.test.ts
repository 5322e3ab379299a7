import { describe, expect, it } from 'vitest';
import { seriesCharts } from './series-data.ts';

const point = (at: number, rx: number, over: Record<string, unknown> = {}) => ({
  peer_id: '',
  at,
  checks: 4,
  up: 4,
  latency_avg: 10,
  latency_max: 12,
  rx,
  tx: 0,
  ...over,
});

describe('seriesCharts', () => {
  it('-> when the agent was away or restarted, draws a gap and no rate instead of a drop or a spike', () => {
    const charts = seriesCharts({
      node_id: 'a',
      resolution: 0,
      points: [
        point(0, 0),
        point(60, 6000),
        point(120, 12_000),
        // Away for 10 minutes: a gap; then its counters restarted from a lower value.
        point(720, 500, { up: 0, latency_avg: null, latency_max: null }),
        point(780, 300),
      ],
    });
    const [x, rx] = charts.throughput;
    expect(x).toEqual([0, 60, 120, 180, 720, 780]);
    expect(rx).toEqual([null, 100, 100, null, null, null]);
    expect(charts.latency[1]).toEqual([10, 10, 10, null, null, 10]);
    expect(charts.reachable[1]).toEqual([100, 100, 100, null, 0, 100]);
  });

  it('-> when points are roll-ups, takes their bucket as the step (a missing bucket or two is no gap)', () => {
    const charts = seriesCharts({
      node_id: 'a',
      resolution: 3600,
      points: [point(0, 0), point(3600, 3_600_000), point(3 * 3600, 7_200_000)],
    });
    expect(charts.throughput[0]).toEqual([0, 3600, 10_800]);
    expect(charts.throughput[1]).toEqual([null, 1000, 500]);
  });
});
