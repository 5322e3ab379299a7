import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsSearchSchema } from '@/features/analytics/analytics-search.ts';
import { i18next } from '@/i18n/index.ts';
import { apiClient } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi, type MockHandler } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { AnalyticsView } from './analytics-view.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

/**
 * jsdom has no canvas, so uPlot cannot draw here: this stand-in keeps what each chart was given (its lines and
 * columns) for the test to read. The Playwright analytics test draws the real charts from real reports.
 */
const drawn = vi.hoisted(
  () => [] as { labels: string[]; data: unknown[][]; format: (v: number) => string }[],
);
vi.mock('uplot', () => ({
  default: class {
    readonly record: (typeof drawn)[number];
    constructor(
      options: { series: { label?: string; value?: (u: unknown, v: number) => string }[] },
      data: unknown[][],
    ) {
      this.record = {
        labels: options.series.slice(1).map((s) => s.label ?? ''),
        data,
        format: (v) => options.series[1]!.value!(this, v),
      };
      drawn.push(this.record);
    }
    setData(data: unknown[][]) {
      this.record.data = data;
    }
    setSize() {}
    destroy() {}
  },
}));

const metric = (name: string, over: Record<string, unknown> = {}) => ({
  node_name: name,
  uptime: 9,
  totaltime: 10,
  latency: 12,
  totalreceived: 1_500_000,
  lasttotalreceived: 0,
  totalsent: 2_500,
  lasttotalsent: 0,
  actualuptime: 125 * 60e9,
  percentup: 90,
  connected: true,
  path: 'direct',
  ...over,
});
const networkMetrics = {
  nodes: {
    a: {
      network: 'net1',
      node_id: 'a',
      node_name: 'alpha',
      connectivity: {
        b: metric('beta'),
        c: metric('gamma', { path: 'relayed', via: 'b', reason: 'relayed', actualuptime: 61 * 60e9 }),
      },
      updated_at: '2026-11-29T03:00:00.000Z',
      agent_uptime_s: 3 * 3600 + 25 * 60,
    },
  },
};
const point = (at: number, over: Record<string, unknown> = {}) => ({
  peer_id: '',
  at,
  checks: 2,
  up: 2,
  latency_avg: 12.5,
  latency_max: 20,
  rx: 1000,
  tx: 500,
  ...over,
});
const nodeSeries = {
  node_id: 'a',
  resolution: 0,
  points: [point(1000), point(1060, { rx: 61_000, tx: 6_500, up: 1, latency_avg: 640 })],
};

function arrange(
  search = '',
  series: MockHandler = () => nodeSeries,
  metrics: MockHandler = () => networkMetrics,
) {
  mockApi({ 'GET metrics/net1': metrics, 'GET v1/metrics/net1/series': series });
  return renderRoute('/networks/$networkId/analytics', `/networks/net1/analytics${search}`, AnalyticsView, {
    validateSearch: analyticsSearchSchema,
  });
}
/** The query of the last series request. */
const lastSeriesQuery = () =>
  vi
    .mocked(apiClient.get)
    .mock.calls.filter(([path]) => path === 'v1/metrics/net1/series')
    .at(-1)?.[1]?.query as Record<string, unknown> | undefined;

describe('AnalyticsView (issue 41: charts over time)', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces(['metrics', 'pages', 'networks']);
  });
  beforeEach(() => {
    drawn.length = 0;
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => {
    restoreSize();
    vi.mocked(apiClient.get).mockReset();
  });

  it('-> when the first node reported, draws its latency, throughput per second and reachable share over the last hour', async () => {
    await arrange();
    expect(await screen.findByTestId('charts')).toBeInTheDocument();
    expect(screen.getAllByRole('figure').map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Latency',
      'Throughput',
      'Peers reachable',
    ]);
    expect(lastSeriesQuery()).toMatchObject({ node: 'a' });
    const query = lastSeriesQuery()!;
    expect(Number(query.to) - Number(query.from)).toBe(3600);
    expect(screen.getByTestId('charts-summary')).toHaveTextContent(
      'Agent running for 3 hrs 25 mins · 2 peers measured',
    );
    const [latency, throughput, reachable] = drawn;
    expect(latency).toMatchObject({
      labels: ['Average', 'Highest'],
      data: [
        [1000, 1060],
        [12.5, 640],
        [20, 20],
      ],
    });
    // 60,000 bytes more in 60 s received, 6,000 sent: rates in the spec's units (1e3 steps, KiB labels).
    expect(throughput!.data).toEqual([
      [1000, 1060],
      [null, 1000],
      [null, 100],
    ]);
    expect(throughput!.format(1000)).toBe('1.00 KiB/s');
    expect(latency!.format(640)).toBe('640 ms');
    expect(reachable!.data).toEqual([
      [1000, 1060],
      [100, 50],
    ]);
  });

  it('-> when a pair and a week are chosen, reads that pair over 7 days and says a healthy pair keeps no history', async () => {
    const { router } = await arrange('', (): unknown =>
      lastSeriesQuery()?.peer ? { node_id: 'a', resolution: 300, points: [] } : nodeSeries,
    );
    await screen.findByTestId('charts');
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Pair' }));
    await userEvent.click(await screen.findByRole('option', { name: 'alpha → gamma' }));
    expect(await screen.findByTestId('charts-empty')).toHaveTextContent(
      'This pair had no problem in this range',
    );
    expect(router.state.location.search).toMatchObject({ range: 'week', peer: 'c' });
    const query = lastSeriesQuery()!;
    expect(query).toMatchObject({ node: 'a', peer: 'c' });
    expect(Number(query.to) - Number(query.from)).toBe(7 * 24 * 3600);
    expect(screen.getByTestId('charts-summary')).toHaveTextContent(
      'Reachable for 1 hrs 1 mins · now Via beta',
    );
  });

  it('-> when the series cannot be read, shows the error with Retry; a network with no report shows its own empty state', async () => {
    await arrange('', () => {
      throw new ApiError({ kind: 'http', status: 404, message: 'node a not found in net1', path: 'series' });
    });
    const error = await screen.findByTestId('load-error');
    expect(within(error).getByText(/node a not found/)).toBeInTheDocument();
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('charts-empty')).not.toBeInTheDocument();
  });

  it('-> when no node has reported yet, says so instead of drawing empty charts', async () => {
    await arrange(
      '',
      () => nodeSeries,
      () => ({ nodes: {} }),
    );
    expect(await screen.findByText('No metrics yet')).toBeInTheDocument();
    expect(screen.queryByTestId('charts')).not.toBeInTheDocument();
    await waitFor(() => expect(lastSeriesQuery()).toBeUndefined());
  });

  it('-> while the nodes load, shows a loading state of its own', async () => {
    await arrange(
      '',
      () => nodeSeries,
      () => new Promise(() => undefined),
    );
    expect(await screen.findByRole('status', { name: "Loading the network's nodes…" })).toBeInTheDocument();
  });
});
