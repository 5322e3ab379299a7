import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeApiHost, makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { COUNT, WAIT, pad, rowTexts, expectWindowed, waitForRowCount } from '@/test/scale-table.ts';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { RemoteAccessPage } from './remote-access-page.tsx';
import { remoteAccessSearchSchema } from './clients-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

// 10,000 gateway hosts, and 10,000 clients: client i goes through gateway i.
const hosts = Array.from({ length: COUNT }, (_, i) =>
  makeApiHost({ id: fakeId(1, i), name: `gw-${pad(i)}` }),
);
const nodes = Array.from({ length: COUNT }, (_, i) =>
  makeApiNode({ id: fakeId(2, i), hostid: fakeId(1, i), network: 'net1', isingressgateway: true }),
);
const clients = Array.from({ length: COUNT }, (_, i) => ({
  clientid: `client-${pad(i)}`,
  network: 'net1',
  address: `100.70.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  address6: '',
  privatekey: '',
  publickey: '',
  dns: '',
  extraallowedips: [],
  ingressgatewayid: fakeId(2, i),
  ingressgatewayendpoint: '198.51.100.1:51821',
  enabled: true,
  ownerid: 'alice',
  postup: '',
  postdown: '',
}));

const gatewaysTable = () => screen.getByRole('table', { name: 'Remote-access gateways' });
const clientsTable = () => screen.getByRole('table', { name: 'Client configs' });

describe('RemoteAccessPage at 10,000 gateways and clients', () => {
  // The cleanup beforeEach returns runs after each test: element sizes are restored.
  beforeEach(() => mockElementSize(1280, 720));

  it('-> shows the first gateways and clients, keeps a window of rows in the DOM, and the searches and a chosen gateway narrow to exactly the matches', async () => {
    storeSignedInSession('super-admin');
    useSession.setState({
      user: {
        username: 'tester',
        platformRoleId: 'super-admin',
        isAdmin: true,
        canUseDashboard: true,
        adminNetworkIds: [],
      },
    });
    mockApi({
      ...shellRoutes([makeNetworkWire('net1')]),
      'GET hosts': () => hosts,
      'GET nodes/net1': () => nodes,
      'GET console/nodes/net1': () => ({ total: 0, offset: 0, items: [] }),
      'GET extclients/net1': () => clients,
    });
    const { router } = await renderRoute(
      '/networks/$networkId/remote-access',
      '/networks/net1/remote-access',
      RemoteAccessPage,
      { validateSearch: remoteAccessSearchSchema },
    );
    expect(await within(gatewaysTable()).findByText('gw-00000', {}, WAIT)).toBeInTheDocument();
    const first = (await within(clientsTable()).findByText('client-00000', {}, WAIT)).closest('tr')!;
    expect(await within(first).findByText('gw-00000', {}, WAIT)).toBeInTheDocument();
    for (const table of [gatewaysTable(), clientsTable()]) {
      expectWindowed(table);
    }

    await userEvent.type(screen.getByRole('textbox', { name: 'Search gateways' }), 'gw-0423');
    await waitForRowCount(gatewaysTable(), 10);
    expect(rowTexts(gatewaysTable())).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`gw-0423${i}`)),
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'Search clients' }), 'client-0423');
    await waitForRowCount(clientsTable(), 10);
    expect(rowTexts(clientsTable())).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`client-0423${i}`)),
    );

    // Choosing a gateway keeps only its clients among the matches: gw-04231 serves client-04231 alone.
    await userEvent.click(await screen.findByRole('radio', { name: 'Show the clients of gw-04231' }, WAIT));
    await waitFor(
      () => expect(router.state.location.search).toMatchObject({ gateway: fakeId(2, 4231) }),
      WAIT,
    );
    await waitForRowCount(clientsTable(), 1);
    expect(rowTexts(clientsTable())).toEqual([expect.stringContaining('client-04231')]);
  }, 60_000);
});
