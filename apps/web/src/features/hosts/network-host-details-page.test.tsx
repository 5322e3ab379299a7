import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeApiHost, makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { NetworkHostDetailsPage } from './network-host-details-page.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const host = makeApiHost({ name: 'alpha' });
type Scopes = ('read' | 'create' | 'update' | 'delete')[];

/** A platform user whose custom network role on net1 grants these scopes, on the host's page in net1. */
async function renderAs(permissions: Record<string, Scopes>) {
  signInAs('someone', 'platform-user');
  const user = useSession.getState().user!;
  useSession.setState({ user: { ...user, networkPermissions: { net1: permissions } } });
  mockApi({
    ...shellRoutes([makeNetworkWire('net1')]),
    // GET hosts lists every host: only platform admins and auditors may read it, so a network role reads its one
    // host through the route the server allows to readers of one of the host's networks.
    [`GET console/hosts/${host.id}`]: () => host,
    'GET nodes/net1': () => [makeApiNode({ hostid: host.id, network: 'net1' })],
  });
  await renderRoute(
    '/networks/$networkId/hosts/$hostId',
    `/networks/net1/hosts/${host.id}`,
    NetworkHostDetailsPage,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'alpha' })).toBeInTheDocument();
}

describe('NetworkHostDetailsPage -> per-button gating (decision 053)', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when the network role is read-only, shows the node and no menu of actions', async () => {
    await renderAs({ hosts: ['read'], tag: ['read'], egress: ['read'] });
    expect(screen.queryByRole('button', { name: 'Actions for alpha' })).not.toBeInTheDocument();
    expect(apiClient.put).not.toHaveBeenCalled();
  });

  it('-> when the network role may delete hosts only, the menu offers Remove from network and nothing it may not send', async () => {
    await renderAs({ hosts: ['read', 'delete'] });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for alpha' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove from network' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^(Connect|Disconnect)$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^Make egress gateway/ })).not.toBeInTheDocument();
  });
});
