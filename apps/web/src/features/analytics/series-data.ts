import type { MetricsSeries } from '@meshdeck/contracts';

/** A chart's columns as uPlot takes them: x (epoch seconds) then one column per line; null draws a gap. */
export type ChartColumns = [number[], ...(number | null)[][]];

/** The three charts of one node or pair over a range, from the server's series. */
export interface SeriesCharts {
  /** Mean and highest latency of the answered checks, ms. */
  latency: ChartColumns;
  /** Bytes per second received and sent, from the change of WireGuard's counters between two points. */
  throughput: ChartColumns;
  /** Share of checks that reached the peer (for a node: of its peers), 0-100. */
  reachable: ChartColumns;
}

/** A stretch between two points longer than this many steps is drawn as a gap (the agent was away). */
const GAP_STEPS = 2.5;

/** The usual time between two points: the roll-up's bucket, or for raw reports the median interval. */
function stepOf(series: MetricsSeries): number {
  if (series.resolution > 0) return series.resolution;
  const gaps = series.points.slice(1).map((point, index) => point.at - series.points[index]!.at);
  if (gaps.length === 0) return 60;
  gaps.sort((a, b) => a - b);
  return Math.max(1, gaps[Math.floor(gaps.length / 2)]!);
}

/**
 * Turns the server's points into chart columns. Counters are totals since the interface came up, so throughput is
 * the difference to the point before over the time between; a counter that went down (the agent or interface
 * restarted) and the first point have no rate. A stretch with no point for more than 2.5 steps becomes a gap.
 */
export function seriesCharts(series: MetricsSeries): SeriesCharts {
  const step = stepOf(series);
  const x: number[] = [];
  const avg: (number | null)[] = [];
  const max: (number | null)[] = [];
  const rx: (number | null)[] = [];
  const tx: (number | null)[] = [];
  const reachable: (number | null)[] = [];
  const gap = (at: number) => {
    x.push(at);
    for (const column of [avg, max, rx, tx, reachable]) column.push(null);
  };
  const rate = (now: number, before: number, seconds: number) =>
    now >= before && seconds > 0 ? (now - before) / seconds : null;
  series.points.forEach((point, index) => {
    const previous = index > 0 ? series.points[index - 1] : undefined;
    const isAfterGap = previous !== undefined && point.at - previous.at > GAP_STEPS * step;
    if (isAfterGap) gap(previous.at + step);
    x.push(point.at);
    avg.push(point.latency_avg === null ? null : round(point.latency_avg));
    max.push(point.latency_max === null ? null : round(point.latency_max));
    const seconds = previous && !isAfterGap ? point.at - previous.at : 0;
    rx.push(previous && !isAfterGap ? rate(point.rx, previous.rx, seconds) : null);
    tx.push(previous && !isAfterGap ? rate(point.tx, previous.tx, seconds) : null);
    reachable.push(point.checks > 0 ? round((100 * point.up) / point.checks) : null);
  });
  return {
    latency: [x, avg, max],
    throughput: [x, rx, tx],
    reachable: [x, reachable],
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
