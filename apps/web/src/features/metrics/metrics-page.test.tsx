import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import { apiClient } from '@/lib/api-client.ts';
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

/** The window the server would answer for a matrix request (decision 071), from rows x columns of cells. */
function windowOf(
  path: string,
  names: string[],
  cell: (from: number, to: number) => Record<string, unknown> | null,
) {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const row = Number(query.get('row') ?? 0);
  const col = Number(query.get('col') ?? 0);
  const rows = Number(query.get('rows') ?? 100);
  const cols = Number(query.get('cols') ?? 50);
  const shownRows = names.slice(row, row + rows);
  const shownCols = names.slice(col, col + cols);
  return {
    nodes: names.length,
    total_rows: names.length,
    total_columns: names.length,
    row,
    col,
    rows: shownRows.map((name) => ({ id: name, name, updated_at: '2026-11-29T03:00:00.000Z' })),
    columns: shownCols.map((name) => ({ id: name, name })),
    cells: shownRows.map((_, r) => shownCols.map((_, c) => cell(row + r, col + c))),
    newest: '2026-11-29T03:00:00.000Z',
  };
}

const cell = (over: Record<string, unknown> = {}) => ({
  connected: true,
  latency: 12,
  path: 'direct',
  totalsent: 2_500,
  totalreceived: 1_500_000,
  uptime: 9,
  totaltime: 10,
  percentup: 90,
  actualuptime: 125 * 60e9,
  problem: false,
  ...over,
});

/** alpha, beta, gamma, delta: what alpha measured differs per peer; beta is blocked from alpha by policy. */
const SMALL = ['alpha', 'beta', 'delta', 'gamma'];
const smallCell = (from: number, to: number) => {
  if (from === to) return null;
  const [a, b] = [SMALL[from], SMALL[to]];
  if (a === 'alpha' && b === 'gamma')
    return cell({ latency: 620, path: 'relayed', via: 'beta', reason: 'relayed', problem: true });
  if (a === 'alpha' && b === 'delta')
    return cell({ latency: 1500, totalsent: 999_999, totalreceived: 3_500_000_000_000, problem: true });
  if (a === 'alpha' && b === 'beta') return cell({ latency: 350, problem: true });
  if (a === 'beta' && b === 'alpha')
    return cell({ connected: false, latency: 999, path: 'none', reason: 'blocked_by_policy' });
  if (a === 'gamma' && b === 'alpha')
    return cell({ connected: false, latency: 999, reason: 'handshake_stale', problem: true });
  return cell();
};

function arrange(search = '', names = SMALL, cellOf = smallCell) {
  const asked: string[] = [];
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
  const mocked = vi.mocked(apiClient.get);
  const others = mocked.getMockImplementation()!;
  mocked.mockImplementation((path, options) => {
    asked.push(path);
    if (path.startsWith('console/metrics/net1/matrix?'))
      return Promise.resolve(windowOf(path, names, cellOf));
    return others(path, options);
  });
  const rendered = renderRoute(
    '/networks/$networkId/metrics',
    `/networks/net1/metrics${search}`,
    MetricsPage,
    {
      validateSearch: metricsSearchSchema,
    },
  );
  return { rendered, asked };
}

const matrixNamed = (measure: string) =>
  screen.findByRole('table', { name: `${measure} per node (rows) and peer (columns)` });
/** The cell of row `from`, column `to` (by the column's position among the header cells). */
function cellAt(table: HTMLElement, from: string, to: string) {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const row = within(table).getByRole('row', { name: new RegExp(`^${from}`) });
  return within(row).getAllByRole('cell')[headers.indexOf(to) - 1]!;
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

  it('-> opens on the connectivity matrix: a green dot for a reachable pair, a red X for a broken one, a grey X for one a policy blocks', async () => {
    const { asked } = arrange();
    const table = await matrixNamed('Connectivity Status');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Node \\ Peer', ...SMALL]);
    expect(within(cellAt(table, 'alpha', 'delta')).getByRole('img', { name: 'Reachable' })).toHaveAttribute(
      'data-tone',
      'green',
    );
    expect(within(cellAt(table, 'gamma', 'alpha')).getByRole('img', { name: 'Unreachable' })).toHaveAttribute(
      'data-tone',
      'red',
    );
    expect(within(cellAt(table, 'beta', 'alpha')).getByRole('img', { name: 'Unreachable' })).toHaveAttribute(
      'data-tone',
      'gray',
    );
    expect(cellAt(table, 'alpha', 'alpha')).toHaveTextContent('–');
    // The tooltip names the path and why it is not direct.
    expect(cellAt(table, 'alpha', 'gamma')).toHaveAttribute(
      'title',
      'alpha → gamma: Reachable · 620 ms · Via beta · relayed by design',
    );
    expect(asked.find((path) => path.startsWith('console/metrics'))).toBe(
      'console/metrics/net1/matrix?row=0&rows=100&col=0&cols=12',
    );
    expect(asked).not.toContain('metrics/net1');
    expect(screen.getByTestId('newest-report')).toHaveTextContent('Newest report:');
  });

  it('-> the latency matrix colours as spec §4 says (above 300 yellow, above 500 red, only 999 unknown), bytes read in 1e3 steps, uptime is a bar with up and down', async () => {
    arrange('?view=latency');
    const latency = await matrixNamed('Latency');
    const tone = (from: string, to: string) =>
      cellAt(latency, from, to).querySelector('[data-tone]')?.getAttribute('data-tone');
    expect(cellAt(latency, 'beta', 'gamma')).toHaveTextContent('12 ms');
    expect(tone('beta', 'gamma')).toBe('green');
    expect(cellAt(latency, 'alpha', 'beta')).toHaveTextContent('350 ms');
    expect(tone('alpha', 'beta')).toBe('yellow');
    expect(tone('alpha', 'gamma')).toBe('red');
    // 1,500 ms is a very slow pair, red; only exactly 999 is unknown.
    expect(cellAt(latency, 'alpha', 'delta')).toHaveTextContent('1500 ms');
    expect(tone('alpha', 'delta')).toBe('red');
    expect(cellAt(latency, 'gamma', 'alpha')).toHaveTextContent('unknown');
    expect(tone('gamma', 'alpha')).toBe('gray');

    await userEvent.click(screen.getByRole('radio', { name: 'Bytes Sent' }));
    const sent = await matrixNamed('Bytes Sent');
    expect(cellAt(sent, 'alpha', 'delta')).toHaveTextContent('1.00 MiB');
    expect(cellAt(sent, 'beta', 'gamma')).toHaveTextContent('2.50 KiB');
    await userEvent.click(screen.getByRole('radio', { name: 'Bytes Received' }));
    const received = await matrixNamed('Bytes Received');
    expect(cellAt(received, 'alpha', 'delta')).toHaveTextContent('3.50 TiB');
    expect(cellAt(received, 'beta', 'gamma')).toHaveTextContent('1.50 MiB');

    await userEvent.click(screen.getByRole('radio', { name: 'Uptime' }));
    const uptime = await matrixNamed('Uptime');
    const bar = within(cellAt(uptime, 'beta', 'gamma')).getByRole('meter');
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    expect(bar).toHaveAttribute('title', '90% up: 9 checks up, 1 down · reachable for 2 hrs 5 mins');
    expect(bar.firstElementChild).toHaveStyle({ width: '90%' });
  });

  it('-> pages 100 nodes and 12 peers at a time, and Problems only asks the server for problem rows and peers', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `host-${String(i).padStart(3, '0')}`);
    const { asked, rendered } = arrange('', names, (from, to) => (from === to ? null : cell()));
    const { router } = await rendered;
    const first = await matrixNamed('Connectivity Status');
    // Counted by selector: role queries over 1,300 cells cost seconds in jsdom.
    expect(first.querySelectorAll('tbody tr')).toHaveLength(100);
    expect(first.querySelectorAll('thead th')).toHaveLength(13);
    expect(screen.getByTestId('pager-rows')).toHaveTextContent('Nodes 1–100 of 150');
    expect(screen.getByTestId('pager-peers')).toHaveTextContent('Peers 1–12 of 150');
    await userEvent.click(screen.getByRole('button', { name: 'Next nodes' }));
    await waitFor(() => expect(screen.getByTestId('pager-rows')).toHaveTextContent('Nodes 101–150 of 150'));
    expect(screen.getByRole('button', { name: 'Next nodes' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next peers' }));
    await waitFor(() => expect(screen.getByTestId('pager-peers')).toHaveTextContent('Peers 13–24 of 150'));
    const table = await matrixNamed('Connectivity Status');
    expect(table.querySelectorAll('thead th')[1]).toHaveTextContent('host-012');
    expect(table.querySelector('tbody tr')).toHaveTextContent(/^host-100/);
    expect(router.state.location.search).toMatchObject({ row: 100, col: 12 });
    await userEvent.click(screen.getByRole('switch', { name: 'Problems only' }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe('console/metrics/net1/matrix?row=0&rows=100&col=0&cols=12&problems=true'),
    );
    expect(router.state.location.search).toEqual({ problems: true });
  });

  it('-> the pair list shows each measured direction with its path and reason when the network is small, and the clients view lists clients', async () => {
    arrange('?view=pairs');
    const table = await screen.findByRole('table', { name: 'Metrics per pair' });
    await within(table).findByRole('row', { name: /^alpha beta/ });
    const text = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(text.find((t) => t.startsWith('alphabeta'))).toMatch(
      /Reachable.*12 ms.*Direct.*2\.50 KiB.*1\.50 MiB.*90%.*2 hrs 5 mins/,
    );
    expect(text.find((t) => t.startsWith('alphagamma'))).toMatch(/620 ms.*Via beta · relayed by design/);
    expect(text.find((t) => t.startsWith('betaalpha'))).toMatch(/Unreachable.*unknown.*handshake stale/);
    await userEvent.click(screen.getByRole('radio', { name: 'Clients' }));
    const clients = await screen.findByRole('table', { name: 'Metrics per client' });
    expect(await within(clients).findByText('laptop')).toBeInTheDocument();
    expect(within(clients).getByText('350 ms').closest('[data-tone]')?.getAttribute('data-tone')).toBe(
      'yellow',
    );
  });

  it('-> the pair list is not read for a network of more than 300 nodes: the page says to use the matrix', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `host-${String(i).padStart(4, '0')}`);
    const { asked } = arrange('?view=pairs', names, () => null);
    expect(await screen.findByText(/This network has 1000 nodes/)).toBeInTheDocument();
    expect(asked).not.toContain('metrics/net1');
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
