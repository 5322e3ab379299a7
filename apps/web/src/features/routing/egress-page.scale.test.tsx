import type { HostRoutingStatus } from '@meshdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeNodeItem, nodeListPage } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { COUNT, WAIT, pad, rowTexts, expectWindowed, waitForRowCount } from '@/test/scale-table.ts';
import { EgressPage } from './egress-page.tsx';
import { egressSearchSchema } from './routing-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const rangeOf = (i: number) => `10.${Math.floor(i / 256)}.${i % 256}.0/24`;
// 10,000 egress gateways with one range each (10,000 routes), and 10,000 hosts each reporting its router.
const nodes = Array.from({ length: COUNT }, (_, i) =>
  makeNodeItem(i, `egw-${pad(i)}`, {
    flags: ['egress'],
    egressRanges: [{ network: rangeOf(i), metric: 256, nat: true }],
  }),
);
const reports: HostRoutingStatus[] = Array.from({ length: COUNT }, (_, i) => ({
  host_id: `host-id-${i}`,
  host_name: `host-${pad(i)}`,
  node_id: `node-id-${i}`,
  received_at: '2026-11-26T12:00:00Z',
  report: {
    at: '2026-11-26T12:00:00Z',
    firewall: { tool: 'nftables' },
    ranges: [
      { range: rangeOf(i), router: `egw-${pad(i)}`, via: `egw-${pad(i)}`, routers: 1, reason: 'only router' },
    ],
    shadowed: [],
    internet: null,
    roles: [],
  },
}));

describe('EgressPage at 10,000 rows', () => {
  beforeEach(() => {
    signInAs('admin', 'admin');
    // Returned: restored after each test.
    return mockElementSize(1280, 720);
  });

  it('-> shows the first gateways, routes and reports, keeps a window of rows in the DOM, and each search narrows its table to the matches', async () => {
    mockApi({
      'GET console/nodes/net1': () => nodeListPage(nodes),
      'GET console/routing-status/net1': () => ({ items: reports }),
    });
    await renderRoute('/networks/$networkId/egress', '/networks/net1/egress', EgressPage, {
      validateSearch: egressSearchSchema,
    });
    const gateways = await screen.findByRole('table', { name: 'Egress gateways' }, WAIT);
    const ranges = screen.getByRole('table', { name: 'External routes' });
    const routers = await screen.findByRole('table', { name: 'Active router per host' }, WAIT);
    expect(await within(gateways).findByText('egw-00000', {}, WAIT)).toBeInTheDocument();
    expect(await within(routers).findByText('host-00000', {}, WAIT)).toBeInTheDocument();
    // The first route, with the one host that reports its gateway as the router.
    const firstRange = within(ranges).getByText('10.0.0.0/24').closest('tr')!;
    expect(within(firstRange).getByText('egw-00000')).toBeInTheDocument();
    expect(within(firstRange).getByText('Active for 1 host')).toBeInTheDocument();
    for (const table of [gateways, ranges, routers]) {
      expectWindowed(table);
    }

    await userEvent.type(screen.getByRole('textbox', { name: 'Search gateways' }), 'egw-0423');
    await waitForRowCount(gateways, 10);
    expect(rowTexts(gateways)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`egw-0423${i}`)),
    );
    expect(ranges).toHaveAttribute('aria-rowcount', String(COUNT));

    // egw-04231's range: 4231 = 16 x 256 + 135.
    await userEvent.type(screen.getByRole('textbox', { name: 'Search routes' }), '10.16.135.0/24');
    await waitForRowCount(ranges, 1);
    expect(rowTexts(ranges)).toEqual([expect.stringContaining('egw-04231')]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search hosts or ranges' }), 'host-0999');
    await waitForRowCount(routers, 10);
    expect(rowTexts(routers)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`host-0999${i}`)),
    );
  }, 60_000);
});
