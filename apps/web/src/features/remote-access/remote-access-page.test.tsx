import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeApiHost, makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { RemoteAccessPage } from './remote-access-page.tsx';
import { remoteAccessSearchSchema } from './clients-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const hosts = [
  makeApiHost({ id: fakeId(1, 1), name: 'gw-one' }),
  makeApiHost({ id: fakeId(1, 2), name: 'gw-two' }),
  makeApiHost({ id: fakeId(1, 3), name: 'mac-host', os: 'darwin' }),
];
const gwOne = fakeId(2, 1);
const gwTwo = fakeId(2, 2);
const nodes = [
  makeApiNode({
    id: gwOne,
    hostid: fakeId(1, 1),
    network: 'net1',
    isingressgateway: true,
    ingressdns: '1.1.1.1',
  }),
  makeApiNode({ id: gwTwo, hostid: fakeId(1, 2), network: 'net1', isingressgateway: true }),
  makeApiNode({ id: fakeId(2, 3), hostid: fakeId(1, 3), network: 'net1' }),
];
const client = (clientid: string, gateway: string, enabled = true) => ({
  clientid,
  network: 'net1',
  address: '100.70.1.50',
  address6: '',
  privatekey: '',
  publickey: 'cHVibGljLWtleS1wdWJsaWMta2V5LXB1YmxpYy1rZXk9',
  dns: '',
  extraallowedips: [],
  ingressgatewayid: gateway,
  ingressgatewayendpoint: '198.51.100.1:51821',
  enabled,
  ownerid: 'alice',
  postup: '',
  postdown: '',
});

function arrange(
  user = 'super-admin',
  adminNetworkIds: string[] = [],
  networkPermissions: Record<string, Record<string, ('read' | 'create' | 'update' | 'delete')[]>> = {},
) {
  storeSignedInSession(user);
  // The store read localStorage when this file imported it: give it the signed-in user too.
  useSession.setState({
    user: {
      username: 'tester',
      platformRoleId: user,
      isAdmin: user === 'super-admin',
      canUseDashboard: true,
      adminNetworkIds,
      networkPermissions,
    },
  });
  const routes = {
    ...shellRoutes([makeNetworkWire('net1')]),
    'GET hosts': () => hosts,
    'GET nodes/net1': () => nodes,
    // The lean list names the hosts for users who may not read GET hosts.
    'GET console/nodes/net1': () => ({
      total: 2,
      offset: 0,
      items: [
        { id: gwOne, hostId: fakeId(1, 1), name: 'gw-one', endpoint: '198.51.100.1' },
        { id: gwTwo, hostId: fakeId(1, 2), name: 'gw-two', endpoint: '198.51.100.2' },
      ],
    }),
    'GET extclients/net1': () => [client('alice-laptop', gwOne), client('bob-phone', gwTwo, false)],
    'PUT extclients/net1/bob-phone': (body: unknown) => body,
  };
  mockApi(routes);
  return renderRoute('/networks/$networkId/remote-access', '/networks/net1/remote-access', RemoteAccessPage, {
    validateSearch: remoteAccessSearchSchema,
  });
}

const gatewaysTable = () => screen.getByRole('table', { name: 'Remote-access gateways' });
const clientsTable = () => screen.getByRole('table', { name: 'Client configs' });

describe('RemoteAccessPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> shows the gateways (with their client DNS) beside the config files, named by gateway host', async () => {
    await arrange();
    expect(await within(gatewaysTable()).findByText('gw-one')).toBeInTheDocument();
    expect(within(gatewaysTable()).getByText('1.1.1.1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create gateway' })).toBeInTheDocument();
    // A node that is not a gateway is not listed.
    expect(within(gatewaysTable()).queryByText('mac-host')).not.toBeInTheDocument();
    expect(await within(clientsTable()).findByText('alice-laptop')).toBeInTheDocument();
    expect(within(clientsTable()).getByText('gw-two')).toBeInTheDocument();
  });

  it('-> when a gateway is selected, only its clients show and the URL keeps the choice', async () => {
    const { router } = await arrange();
    await within(clientsTable()).findByText('bob-phone');
    await userEvent.click(await screen.findByRole('radio', { name: 'Show the clients of gw-one' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ gateway: gwOne }));
    await waitFor(() => expect(within(clientsTable()).queryByText('bob-phone')).not.toBeInTheDocument());
    expect(within(clientsTable()).getByText('alice-laptop')).toBeInTheDocument();
  });

  it('-> when a disabled client is switched on, sends the client back with enabled true and no private key', async () => {
    await arrange();
    await userEvent.click(await screen.findByRole('switch', { name: 'Enable bob-phone' }));
    await waitFor(() => expect(apiClient.put).toHaveBeenCalled());
    const [path, body] = vi.mocked(apiClient.put).mock.calls[0] ?? [];
    expect(path).toBe('extclients/net1/bob-phone');
    expect(body).toMatchObject({ clientid: 'bob-phone', enabled: true });
    expect(body).not.toHaveProperty('privatekey');
    expect(body).not.toHaveProperty('publickey');
  });

  it('-> when the user is not an admin, names gateways from the lean list and offers no gateway creation nor menus', async () => {
    // A VPN user: its network role lets it manage its own client configs.
    await arrange('platform-user', [], {
      net1: { 'extclients:own': ['read', 'create', 'update', 'delete'] },
    });
    expect(apiClient.get).not.toHaveBeenCalledWith('hosts', expect.anything());
    await within(gatewaysTable()).findByText('gw-one');
    expect(screen.queryByRole('button', { name: 'Create gateway' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for gateway gw-one' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create config' })).toBeInTheDocument();
  });

  it('-> when the user holds a read-only network role, offers no config creation either', async () => {
    await arrange('platform-user', [], { net1: { extclients: ['read'], remote_access_gw: ['read'] } });
    await within(gatewaysTable()).findByText('gw-one');
    expect(screen.queryByRole('button', { name: 'Create config' })).not.toBeInTheDocument();
    // Each client: its state to read and its config to view, nothing to change.
    expect(await within(clientsTable()).findByRole('switch', { name: /alice-laptop/ })).toBeDisabled();
    expect(
      within(clientsTable()).getByRole('button', { name: 'View config of client alice-laptop' }),
    ).toBeInTheDocument();
    expect(
      within(clientsTable()).queryByRole('button', { name: 'Actions for client alice-laptop' }),
    ).not.toBeInTheDocument();
  });

  it('-> when the network role may delete gateways and clients only, each menu offers Delete and nothing it may not send', async () => {
    await arrange('platform-user', [], {
      net1: { extclients: ['read', 'delete'], remote_access_gw: ['read', 'delete'] },
    });
    await within(gatewaysTable()).findByText('gw-one');
    expect(screen.queryByRole('button', { name: 'Create gateway' })).not.toBeInTheDocument();
    await userEvent.click(
      within(gatewaysTable()).getByRole('button', { name: 'Actions for gateway gw-one' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Add / remove users' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(clientsTable()).getByRole('switch', { name: /alice-laptop/ })).toBeDisabled();
    await userEvent.click(
      within(clientsTable()).getByRole('button', { name: 'Actions for client alice-laptop' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('-> when a platform user holds a full-access role on this network (a custom one included), offers the gateway controls', async () => {
    await arrange('platform-user', ['net1']);
    await within(gatewaysTable()).findByText('gw-one');
    expect(screen.getByRole('button', { name: 'Create gateway' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for gateway gw-one' })).toBeInTheDocument();
  });
});
