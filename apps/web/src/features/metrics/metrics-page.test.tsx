import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { exportColumns, toCsv } from '@/components/data-table/export-rows.ts';
import { pairColumns } from './components/metrics-tables.tsx';
import { MetricsPage } from './metrics-page.tsx';
import { pairRows } from './metrics-rows.ts';
import { metricsSearchSchema } from './metrics-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
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
const node = (id: string, name: string, connectivity: Record<string, unknown>) => ({
  network: 'net1',
  node_id: id,
  node_name: name,
  connectivity,
  updated_at: '2026-11-29T03:00:00.000Z',
  agent_uptime_s: 600,
});

function arrange(search = '') {
  storeSignedInSession('super-admin');
  useSession.setState({
    user: {
      username: 'admin',
      platformRoleId: 'super-admin',
      isAdmin: true,
      canUseDashboard: true,
      adminNetworkIds: [],
    },
  });
  mockApi({
    ...shellRoutes([makeNetworkWire('net1')]),
    'GET metrics/net1': () => ({
      nodes: {
        a: node('a', 'alpha', {
          b: metric('beta'),
          c: metric('gamma', { latency: 620, path: 'relayed', via: 'b', reason: 'relayed' }),
          d: metric('delta', { latency: 1500, totalsent: 999_999, totalreceived: 3_500_000_000_000 }),
        }),
        b: node('b', 'beta', {
          a: metric('alpha', { connected: false, latency: 999, reason: 'handshake_stale', percentup: 40 }),
        }),
      },
    }),
    'GET metrics-ext/net1': () => ({ 'client-1': metric('laptop', { latency: 350 }) }),
  });
  return renderRoute('/networks/$networkId/metrics', `/networks/net1/metrics${search}`, MetricsPage, {
    validateSearch: metricsSearchSchema,
  });
}

describe('MetricsPage', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces(['metrics', 'pages']);
  });
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> lists each measured direction: reachability, latency with its colour, the relay and reason, bytes and uptime', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'Metrics per pair' });
    const rows = await within(table).findAllByRole('row');
    const text = rows.map((row) => row.textContent ?? '');
    expect(text.find((t) => t.startsWith('alphabeta'))).toMatch(
      /Reachable.*12 ms.*Direct.*2\.50 KiB.*1\.50 MiB.*90%.*2 hrs 5 mins/,
    );
    expect(text.find((t) => t.startsWith('alphagamma'))).toMatch(/620 ms.*Via beta · relayed by design/);
    expect(text.find((t) => t.startsWith('betaalpha'))).toMatch(/Unreachable.*unknown.*handshake stale/);
  });

  it('-> the problems view keeps only unreachable, slow or relayed pairs, and the clients view lists clients', async () => {
    const { router } = await arrange();
    await screen.findByRole('table', { name: 'Metrics per pair' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Problems (3)' }));
    const table = await screen.findByRole('table', { name: 'Metrics per pair' });
    const shown = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(shown.some((text) => text.startsWith('alphabeta'))).toBe(false);
    expect(shown.some((text) => text.startsWith('alphadelta'))).toBe(true);
    expect(router.state.location.search).toMatchObject({ view: 'problems' });
    await userEvent.click(screen.getByRole('radio', { name: 'Clients' }));
    const clients = await screen.findByRole('table', { name: 'Metrics per client' });
    expect(await within(clients).findByText('laptop')).toBeInTheDocument();
    expect(within(clients).getByText('350 ms')).toBeInTheDocument();
  });

  it('-> colours latency as spec §4 says (above 300 yellow, above 500 red, 999 unknown) and reads bytes in 1e3 steps', async () => {
    await arrange();
    const table = await screen.findByRole('table', { name: 'Metrics per pair' });
    const tone = (text: string) =>
      within(table).getByText(text).closest('[data-tone]')?.getAttribute('data-tone');
    expect(tone('12 ms')).toBe('green');
    expect(tone('620 ms')).toBe('red');
    // Only exactly 999 is unknown: 1,500 ms is a very slow pair, red.
    expect(tone('1500 ms')).toBe('red');
    expect(tone('unknown')).toBe('gray');
    const delta = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('alphadelta'));
    expect(delta?.textContent).toMatch(/1\.00 MiB.*3\.50 TiB/);
    expect(screen.getByTestId('newest-report')).toHaveTextContent('Newest report:');
    await userEvent.click(screen.getByRole('radio', { name: 'Clients' }));
    const clients = await screen.findByRole('table', { name: 'Metrics per client' });
    expect(within(clients).getByText('350 ms').closest('[data-tone]')?.getAttribute('data-tone')).toBe(
      'yellow',
    );
  });

  it('-> the CSV export holds the path in words, an empty cell for unknown latency and plain byte counts', () => {
    const rows = pairRows({
      nodes: {
        a: node('a', 'alpha', { c: metric('gamma', { path: 'relayed', via: 'b', reason: 'failover' }) }),
        b: node('b', 'beta', {
          a: metric('alpha', { connected: false, latency: 999, path: 'none', reason: 'no_answer' }),
        }),
      },
    } as never);
    const csv = toCsv(exportColumns(pairColumns(i18next.getFixedT('en', 'metrics'))), rows).split('\r\n');
    expect(csv[0]).toBe('From,To,Connectivity,Latency,Path,Sent,Received,Uptime');
    expect(csv[1]).toBe('alpha,gamma,true,12,Via beta · failed over,2500,1500000,90');
    expect(csv[2]).toBe('beta,alpha,false,,No path · no answer,2500,1500000,90');
  });
});
