import type { AccessImpact } from '@meshdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/i18n/index.ts';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { OldAclsPage } from './old-acls-page.tsx';
import { oldAclsSearchSchema } from './old-acls-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const impact: AccessImpact = {
  pairs: { gained: 0, lost: 1 },
  flows: { opened: 0, closed: 2, changed: 0 },
  changes: [
    { from: 'a', from_name: 'alpha', to: 'b', to_name: 'beta', before: ['all'], after: [] },
    { from: 'b', from_name: 'beta', to: 'a', to_name: 'alpha', before: ['all'], after: [] },
  ],
  truncated: false,
  broken_assertions: [],
};

/** The matrix as a super admin, or (with `aclScopes`) as a platform user whose network role grants those. */
function arrange(size = 2, aclScopes?: ('read' | 'create' | 'update' | 'delete')[]) {
  const ids = size === 2 ? ['a', 'b'] : Array.from({ length: size }, (_, i) => `n${i}`);
  const names = size === 2 ? ['alpha', 'beta'] : ids.map((_, i) => `host-${String(i).padStart(4, '0')}`);
  const isAdmin = aclScopes === undefined;
  storeSignedInSession(isAdmin ? 'super-admin' : 'platform-user');
  useSession.setState({
    user: {
      username: 'admin',
      platformRoleId: isAdmin ? 'super-admin' : 'platform-user',
      isAdmin,
      canUseDashboard: true,
      adminNetworkIds: [],
      ...(aclScopes ? { networkPermissions: { net1: { acl: aclScopes } } } : {}),
    },
  });
  mockApi({
    ...shellRoutes([makeNetworkWire('net1')]),
    'GET networks/net1/acls/cells': () => ({ members: ids, default_value: 2, cells: [] }),
    'GET console/nodes/net1': () => ({
      total: size,
      offset: 0,
      items: ids.map((id, i) => ({ id, hostId: `h${i}`, name: names[i], address: '', address6: '' })),
    }),
    'POST networks/net1/acls/cells/preview': () => ({ Code: 200, Message: '', Response: impact }),
    'PUT networks/net1/acls/cells': () => ({
      members: ['a', 'b'],
      default_value: 2,
      cells: [{ a: 'a', b: 'b', value: 1 }],
    }),
  });
  return renderRoute('/networks/$networkId/old-acls', '/networks/net1/old-acls', OldAclsPage, {
    validateSearch: oldAclsSearchSchema,
  });
}

describe('OldAclsPage', () => {
  let restoreSize: () => void;
  beforeAll(async () => {
    await i18next.loadNamespaces('access');
  });
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when a cell is toggled and submitted, shows the cut first and then sends only that pair', async () => {
    await arrange();
    const grid = await screen.findByRole('grid', { name: 'Access matrix' });
    await userEvent.click(within(grid).getByRole('gridcell', { name: 'alpha and beta: allowed' }));
    expect(within(grid).getByRole('gridcell', { name: 'alpha and beta: denied' })).toBeInTheDocument();
    expect(screen.getByText('1 pair changed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit matrix changes' });
    expect(await within(dialog).findByText('Cuts alpha <-> beta')).toBeInTheDocument();
    expect(apiClient.put).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));
    await waitFor(() =>
      expect(apiClient.put).toHaveBeenCalledWith('networks/net1/acls/cells', {
        fill: null,
        cells: [{ a: 'a', b: 'b', value: 1 }],
      }),
    );
  });

  it('-> when Block all and then Reset are pressed, nothing is left to submit', async () => {
    await arrange();
    await screen.findByRole('grid', { name: 'Access matrix' });
    await userEvent.click(screen.getByRole('button', { name: 'Block all' }));
    expect(screen.getByText('1 pair changed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('button', { name: 'Submit changes' })).toBeDisabled();
  });

  it('-> at 1,000 nodes, renders only the cells in view and Block all is one fill for every pair', async () => {
    await arrange(1000);
    const grid = await screen.findByRole('grid', { name: 'Access matrix' }, { timeout: 10_000 });
    // Virtualised: a window of rows and columns, not a million cells.
    const rendered = within(grid).getAllByRole('gridcell').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(5_000);
    await userEvent.click(within(grid).getByRole('gridcell', { name: 'host-0000 and host-0001: allowed' }));
    expect(screen.getByText('1 pair changed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Block all' }));
    expect(screen.getByText('499500 pairs changed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit matrix changes' });
    await within(dialog).findByText('Cuts alpha <-> beta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit changes' }));
    await waitFor(() =>
      expect(apiClient.put).toHaveBeenCalledWith('networks/net1/acls/cells', { fill: 1, cells: [] }),
    );
  });
  it('-> when the network role may create or delete policies but not update, the matrix is read-only (saving it is a PUT)', async () => {
    await arrange(2, ['read', 'create', 'delete']);
    const grid = await screen.findByRole('grid', { name: 'Access matrix' });
    expect(within(grid).getByRole('gridcell', { name: 'alpha and beta: allowed' })).toBeDisabled();
    for (const name of ['Allow all', 'Block all', 'Submit changes'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('-> when the network role may update access control, the matrix can be edited and submitted', async () => {
    await arrange(2, ['read', 'update']);
    const grid = await screen.findByRole('grid', { name: 'Access matrix' });
    await userEvent.click(within(grid).getByRole('gridcell', { name: 'alpha and beta: allowed' }));
    expect(screen.getByRole('button', { name: 'Submit changes' })).toBeEnabled();
  });
});
