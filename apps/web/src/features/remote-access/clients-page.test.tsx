import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeApiHost, makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { ClientsPage } from './clients-page.tsx';
import { clientsSearchSchema } from './clients-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const gwA = fakeId(2, 1);
const gwB = fakeId(2, 2);
const client = (clientid: string, network: string, gateway: string, ownerid: string, enabled: boolean) => ({
  clientid,
  network,
  address: '100.70.1.60',
  address6: '',
  privatekey: '',
  publickey: '',
  dns: '',
  extraallowedips: [],
  ingressgatewayid: gateway,
  ingressgatewayendpoint: '',
  enabled,
  ownerid,
  postup: '',
  postdown: '',
});

async function arrange(search = '') {
  storeSignedInSession();
  // The store read localStorage when this file imported it: give it the signed-in user too.
  useSession.setState({
    user: { username: 'admin', platformRoleId: 'super-admin', isAdmin: true, canUseDashboard: true },
  });
  mockApi({
    ...shellRoutes([makeNetworkWire('net-a'), makeNetworkWire('net-b')]),
    'GET hosts': () => [
      makeApiHost({ id: fakeId(1, 1), name: 'gate-a' }),
      makeApiHost({ id: fakeId(1, 2), name: 'gate-b' }),
    ],
    'GET nodes': () => [
      makeApiNode({ id: gwA, hostid: fakeId(1, 1), network: 'net-a', isingressgateway: true }),
      makeApiNode({ id: gwB, hostid: fakeId(1, 2), network: 'net-b', isingressgateway: true }),
    ],
    'GET extclients': () => [
      client('alice-laptop', 'net-a', gwA, 'alice', true),
      client('alice-phone', 'net-b', gwB, 'alice', false),
      client('bob-laptop', 'net-b', gwB, 'bob', true),
    ],
  });
  return renderRoute('/clients', `/clients${search}`, ClientsPage, { validateSearch: clientsSearchSchema });
}
const table = () => screen.getByRole('table', { name: 'Client configs' });

describe('ClientsPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it("-> lists every network's clients with their network and gateway host", async () => {
    await arrange();
    const row = (await within(table()).findByText('bob-laptop')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('net-b')).toBeInTheDocument();
    expect(await within(row as HTMLElement).findByText('gate-b')).toBeInTheDocument();
    expect(within(table()).getByText('alice-laptop')).toBeInTheDocument();
  });

  it('-> when the URL filters by owner and disabled, only the matching client shows', async () => {
    await arrange('?owner=alice&enabled=no');
    expect(await within(table()).findByText('alice-phone')).toBeInTheDocument();
    expect(within(table()).queryByText('alice-laptop')).not.toBeInTheDocument();
    expect(within(table()).queryByText('bob-laptop')).not.toBeInTheDocument();
  });

  it('-> when a network is chosen and a search typed, both go to the URL and filter the rows', async () => {
    const { router } = await arrange();
    await within(table()).findByText('alice-laptop');
    await userEvent.click(screen.getByRole('combobox', { name: 'Network' }));
    await userEvent.click(await screen.findByRole('option', { name: 'net-b' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search clients' }), 'bob');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ network: 'net-b', search: 'bob' }),
    );
    await waitFor(() => expect(within(table()).queryByText('alice-phone')).not.toBeInTheDocument());
    expect(within(table()).getByText('bob-laptop')).toBeInTheDocument();
  });
});
