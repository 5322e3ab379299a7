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
import { InternetGatewaysPage } from './internet-gateways-page.tsx';
import { internetGatewaysSearchSchema } from './routing-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const item = makeNodeItem;
const page = nodeListPage;
const exitId = fakeId(2, 1);
const nodes = [
  item(1, 'exit-host', { flags: ['internetGateway'] }),
  item(2, 'laptop-one', { internetGatewayId: exitId }),
  item(3, 'laptop-two', { internetGatewayId: exitId }),
  item(4, 'office-pc'),
];

const renderGateways = (search = '') =>
  renderRoute(
    '/networks/$networkId/internet-gateways',
    `/networks/net1/internet-gateways${search}`,
    InternetGatewaysPage,
    { validateSearch: internetGatewaysSearchSchema },
  );

describe('InternetGatewaysPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
    signInAs('admin', 'admin');
  });
  afterEach(() => restoreSize());

  it('-> lists the gateways and the connected hosts with their gateway; a search in the URL narrows the hosts', async () => {
    mockApi({ 'GET console/nodes/net1': () => page(nodes) });
    await renderGateways('?clients=two');
    const gateways = await screen.findByRole('table', { name: 'Internet gateways' });
    expect(within(gateways).getByText('exit-host')).toBeInTheDocument();
    const clients = screen.getByRole('table', { name: 'Connected hosts' });
    const row = within(clients).getByText('laptop-two').closest('tr')!;
    expect(within(row).getByText('exit-host')).toBeInTheDocument();
    expect(within(clients).queryByText('laptop-one')).not.toBeInTheDocument();
  });

  it('-> when the admin disconnects one host, the gateway keeps the other in one PUT inet_gw', async () => {
    let sent: unknown;
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      [`PUT nodes/net1/${exitId}/inet_gw`]: (body: unknown) => {
        sent = body;
        return {};
      },
    });
    await renderGateways();
    const clients = await screen.findByRole('table', { name: 'Connected hosts' });
    await userEvent.click(within(clients).getByRole('button', { name: 'Actions for laptop-one' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disconnect from gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect from gateway' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect from gateway' }));
    await waitFor(() => expect(sent).toEqual({ inet_node_client_ids: [fakeId(2, 3)] }));
  });

  it('-> when the admin removes a gateway from its row menu and confirms, sends DELETE inet_gw for it', async () => {
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      [`DELETE nodes/net1/${exitId}/inet_gw`]: () => ({}),
    });
    await renderGateways();
    const gateways = await screen.findByRole('table', { name: 'Internet gateways' });
    await userEvent.click(within(gateways).getByRole('button', { name: 'Actions for exit-host' }));
    expect(await screen.findByRole('menuitem', { name: 'Change connected nodes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove internet gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove internet gateway' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove internet gateway' }));
    await waitFor(() => expect(apiClient.delete).toHaveBeenCalledWith(`nodes/net1/${exitId}/inet_gw`));
    expect(apiClient.put).not.toHaveBeenCalled();
  });

  it('-> when the admin creates a gateway without a host, names the host field; offers only nodes that are neither gateways nor clients and POSTs inet_gw', async () => {
    let sent: unknown;
    mockApi({
      'GET console/nodes/net1': () => page(nodes),
      [`POST nodes/net1/${fakeId(2, 4)}/inet_gw`]: (body: unknown) => {
        sent = body;
        return {};
      },
    });
    await renderGateways();
    await userEvent.click(await screen.findByRole('button', { name: 'Create internet gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create internet gateway' });
    // No host chosen: the path's node id is missing (contracts nodeParamsSchema), shown on the host field.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create internet gateway' }));
    expect(await within(dialog).findByText('Choose the gateway host')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Gateway host/ }));
    expect(screen.queryByRole('option', { name: /laptop-one/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /office-pc/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create internet gateway' }));
    await waitFor(() => expect(sent).toEqual({ inet_node_client_ids: [] }));
    expect(apiClient.put).not.toHaveBeenCalled();
  }, 40_000);

  it('-> when the admin creates a gateway, shows a Windows host, an offline one and one without a firewall disabled with the reason (issue 39)', async () => {
    mockApi({
      'GET console/nodes/net1': () =>
        page([
          item(5, 'linux-ready', { os: 'linux', hasFirewall: true }),
          item(6, 'win-desk', { os: 'windows', hasFirewall: true }),
          item(7, 'linux-down', { os: 'linux', hasFirewall: true, status: 'offline' }),
          item(8, 'linux-bare', { os: 'linux', hasFirewall: false }),
        ]),
    });
    await renderGateways();
    await userEvent.click(await screen.findByRole('button', { name: 'Create internet gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create internet gateway' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Gateway host/ }));
    expect(await screen.findByRole('option', { name: /linux-ready/ })).not.toHaveAttribute(
      'data-combobox-disabled',
    );
    for (const [name, reason] of [
      ['win-desk', 'Linux hosts only'],
      ['linux-down', 'it is offline'],
      ['linux-bare', 'no firewall'],
    ] as const) {
      const option = screen.getByRole('option', { name: new RegExp(name) });
      expect(option).toHaveAttribute('data-combobox-disabled');
      expect(option).toHaveTextContent(reason);
    }
  }, 40_000);
});
