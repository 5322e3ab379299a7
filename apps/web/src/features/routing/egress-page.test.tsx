import type { HostRoutingStatus } from '@meshdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeNodeItem, nodeListPage } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { EgressPage } from './egress-page.tsx';
import { egressSearchSchema } from './routing-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const item = makeNodeItem;
const page = nodeListPage;
const lan = '192.168.50.0/24';
const nodes = [
  item(1, 'router-a', { flags: ['egress'], egressRanges: [{ network: lan, metric: 10, nat: true }] }),
  item(2, 'router-b', {
    flags: ['egress'],
    egressRanges: [
      { network: lan, metric: 20, nat: true },
      { network: '172.30.0.0/16', metric: 256, nat: false },
    ],
  }),
  item(3, 'laptop'),
];
const report = (host: string, router: string, reason: string): HostRoutingStatus => ({
  host_id: `host-${host}`,
  host_name: host,
  node_id: `node-${host}`,
  received_at: '2026-11-26T12:00:00Z',
  report: {
    at: '2026-11-26T12:00:00Z',
    firewall: { tool: 'nftables' },
    ranges: [{ range: lan, router, via: router, routers: 2, reason }],
    shadowed: [],
    internet: null,
    roles: [],
  },
});

const renderEgress = (search = '') =>
  renderRoute('/networks/$networkId/egress', `/networks/net1/egress${search}`, EgressPage, {
    validateSearch: egressSearchSchema,
  });

describe('EgressPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
    signInAs('admin', 'admin');
  });
  afterEach(() => restoreSize());

  it('-> with two gateways for one range, lists each range and marks the one the hosts report as active, with why', async () => {
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      'GET console/routing-status/net1': () => ({
        items: [report('laptop', 'router-a', 'lowest metric (10)')],
      }),
    });
    await renderEgress();
    const ranges = await screen.findByRole('table', { name: 'External routes' });
    const rowOf = (gateway: string, range: string) =>
      within(ranges)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(gateway) && row.textContent.includes(range))!;
    await waitFor(() =>
      expect(within(rowOf('router-a', lan)).getByText('Active for 1 host')).toBeInTheDocument(),
    );
    expect(within(rowOf('router-b', lan)).getByText('Standby')).toBeInTheDocument();
    expect(within(rowOf('router-b', '172.30.0.0/16')).getByText('No report yet')).toBeInTheDocument();
    const routers = screen.getByRole('table', { name: 'Active router per host' });
    expect(within(routers).getByText('lowest metric (10)')).toBeInTheDocument();
    const gateways = screen.getByRole('table', { name: 'Egress gateways' });
    expect(within(gateways).queryByText('laptop')).not.toBeInTheDocument();
  });

  it('-> when the URL searches the routes, shows only the matching ranges and keeps the search in the URL', async () => {
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      'GET console/routing-status/net1': () => ({ items: [] }),
    });
    const { router } = await renderEgress('?ranges=172.30.0');
    const ranges = await screen.findByRole('table', { name: 'External routes' });
    expect(within(ranges).getByText('172.30.0.0/16')).toBeInTheDocument();
    expect(within(ranges).queryByText(lan)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search gateways' }), 'router-b');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ ranges: '172.30.0', gateways: 'router-b' }),
    );
    const gateways = screen.getByRole('table', { name: 'Egress gateways' });
    expect(within(gateways).queryByText('router-a')).not.toBeInTheDocument();
  });

  it('-> when the admin deletes one of two ranges of a gateway, the gateway keeps the other in one creategateway', async () => {
    let sent: unknown;
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      'GET console/routing-status/net1': () => ({ items: [] }),
      [`POST nodes/net1/${fakeId(2, 2)}/creategateway`]: (body: unknown) => {
        sent = body;
        return {};
      },
    });
    await renderEgress();
    const ranges = await screen.findByRole('table', { name: 'External routes' });
    await userEvent.click(within(ranges).getByRole('button', { name: `Actions for ${lan} router-b` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete range' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete range' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete range' }));
    await waitFor(() =>
      expect(sent).toMatchObject({
        ranges_with_metric: [{ network: '172.30.0.0/16', route_metric: 256, nat: false }],
      }),
    );
    expect(apiClient.delete).not.toHaveBeenCalled();
  });

  it('-> when the admin removes a gateway from its row menu and confirms, sends DELETE deletegateway for it', async () => {
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      'GET console/routing-status/net1': () => ({ items: [] }),
      [`DELETE nodes/net1/${fakeId(2, 1)}/deletegateway`]: () => ({}),
    });
    await renderEgress();
    const gateways = await screen.findByRole('table', { name: 'Egress gateways' });
    await userEvent.click(within(gateways).getByRole('button', { name: 'Actions for router-a' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit egress ranges' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove egress gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove egress gateway' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove egress gateway' }));
    await waitFor(() =>
      expect(apiClient.delete).toHaveBeenCalledWith(`nodes/net1/${fakeId(2, 1)}/deletegateway`),
    );
  });

  it('-> when the admin creates a gateway with two ranges, sends them with their metrics and NAT in one request', async () => {
    let sent: unknown;
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      'GET console/routing-status/net1': () => ({ items: [] }),
      [`POST nodes/net1/${fakeId(2, 3)}/creategateway`]: (body: unknown) => {
        sent = body;
        return {};
      },
    });
    await renderEgress();
    await userEvent.click(await screen.findByRole('button', { name: 'Create egress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create egress gateway' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Gateway host/ }));
    await userEvent.click(await screen.findByRole('option', { name: /laptop/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Range 1' }), '10.1.0.0/16');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add range' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Range 2' }), 'not a range');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create egress' }));
    expect(await within(dialog).findByText('Enter a CIDR such as 192.168.1.0/24')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();

    const second = within(dialog).getByRole('textbox', { name: 'Range 2' });
    await userEvent.clear(second);
    await userEvent.type(second, 'fd00:1::/64');
    const metric = within(dialog).getByRole('textbox', { name: 'Metric of range 2' });
    await userEvent.clear(metric);
    await userEvent.type(metric, '50');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Enable NAT for egress traffic' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create egress' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      natenabled: 'no',
      ranges_with_metric: [
        { network: '10.1.0.0/16', route_metric: 256, nat: false },
        { network: 'fd00:1::/64', route_metric: 50, nat: false },
      ],
    });
  }, 40_000);
});
