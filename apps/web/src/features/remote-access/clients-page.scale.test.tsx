import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { fakeId, makeApiHost, makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { COUNT, WAIT, pad, expectWindowed, rowTexts, waitForRowCount } from '@/test/scale-table.ts';
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
// 10,000 clients, the even ones on net-a through gate-a, the odd ones on net-b through gate-b.
const clients = Array.from({ length: COUNT }, (_, i) => ({
  clientid: `client-${pad(i)}`,
  network: i % 2 === 0 ? 'net-a' : 'net-b',
  address: `100.70.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  address6: '',
  privatekey: '',
  publickey: '',
  dns: '',
  extraallowedips: [],
  ingressgatewayid: i % 2 === 0 ? gwA : gwB,
  ingressgatewayendpoint: '',
  enabled: true,
  ownerid: `user-${i % 7}`,
  postup: '',
  postdown: '',
}));

const table = () => screen.getByRole('table', { name: 'Client configs' });

describe('ClientsPage at 10,000 clients', () => {
  // The cleanup beforeEach returns runs after each test: element sizes are restored.
  beforeEach(() => mockElementSize(1280, 720));

  it('-> shows the first clients with their gateway, keeps a window of rows in the DOM, and a search narrows to exactly the matches', async () => {
    storeSignedInSession();
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
      'GET extclients': () => clients,
    });
    const { router } = await renderRoute('/clients', '/clients', ClientsPage, {
      validateSearch: clientsSearchSchema,
    });
    await screen.findByRole('table', { name: 'Client configs' }, WAIT);
    const first = (await within(table()).findByText('client-00001', {}, WAIT)).closest('tr')!;
    expect(within(first).getByText('net-b')).toBeInTheDocument();
    expect(await within(first).findByText('gate-b', {}, WAIT)).toBeInTheDocument();
    expect(within(table()).getByText('client-00000')).toBeInTheDocument();
    expectWindowed(table());

    await userEvent.type(screen.getByRole('textbox', { name: 'Search clients' }), 'client-0423');
    await waitForRowCount(table(), 10);
    expect(rowTexts(table())).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`client-0423${i}`)),
    );
    expect(router.state.location.search).toMatchObject({ search: 'client-0423' });

    // The network filter narrows the matches further: the odd ones are on net-b.
    await userEvent.click(screen.getByRole('combobox', { name: 'Network' }));
    await userEvent.click(await screen.findByRole('option', { name: 'net-b' }, WAIT));
    await waitForRowCount(table(), 5);
    expect(rowTexts(table())).toEqual([1, 3, 5, 7, 9].map((i) => expect.stringContaining(`client-0423${i}`)));
  }, 60_000);
});
