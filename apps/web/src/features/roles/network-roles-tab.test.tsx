import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PeopleRoleWire } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeRoleWire, makeUserWire, rolesAnswer } from '@/test/people-fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  streamEvents: vi.fn(() => Promise.resolve()),
}));

const ROUTE_CHUNK_WAIT = { timeout: 20_000 };
const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });

describe('Network Roles tab', () => {
  let roles: PeopleRoleWire[];
  beforeEach(() => {
    mockElementSize(1280, 720);
    roles = [
      makeRoleWire('admin', { full_access: true }),
      makeRoleWire('global-network-admin', {
        name: 'Network Admins',
        network_id: 'all_networks',
        full_access: true,
      }),
      makeRoleWire('office-network-user', { name: 'office User', network_id: 'office' }),
    ];
    storeSignedInSession();
    mockApi({
      ...shellRoutes([makeNetworkWire('office')], true),
      'GET users': () => [makeUserWire('admin')],
      'GET v1/users/roles': () => rolesAnswer(roles),
      'GET v1/users/groups': () => env([]),
      'GET v1/users/invites': () => env([]),
      'GET users_pending': () => [],
      'POST v1/users/role': (body) => {
        const created = makeRoleWire('7d1c', {
          ...(body as Partial<PeopleRoleWire>),
          id: '7d1c',
          default: false,
        });
        roles = [...roles, created];
        return env(created);
      },
    });
  });

  it('-> lists every network role, built-in and custom, each linking to its page', async () => {
    roles.push(makeRoleWire('c-1', { name: 'vpn only', network_id: 'office', default: false }));
    renderApp('/users?tab=roles');
    const table = await screen.findByRole('table', { name: 'Network roles' }, ROUTE_CHUNK_WAIT);
    await waitFor(() => expect(within(table).getByRole('link', { name: 'vpn only' })).toBeInTheDocument());
    expect(within(table).getByRole('link', { name: 'Network Admins' })).toHaveAttribute(
      'href',
      '/users/network-role/global-network-admin',
    );
    expect(within(table).getByRole('link', { name: 'office User' })).toBeInTheDocument();
    // Platform roles belong to the platform-role pages, not to this list.
    expect(within(table).queryByRole('link', { name: 'admin' })).toBeNull();
  }, 30_000);

  it('-> after a role is created, the console lands on the tab that lists it', async () => {
    const { history } = renderApp('/users/create-network-role');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Role name' }, ROUTE_CHUNK_WAIT), 'ops team');
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'office' }));
    await user.click(screen.getByRole('switch', { name: /Admin access/ }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(apiClient.post).toHaveBeenCalledWith('v1/users/role', expect.anything()));
    await waitFor(() => expect(history.location.href).toBe('/users?tab=roles'), ROUTE_CHUNK_WAIT);
    const table = await screen.findByRole('table', { name: 'Network roles' }, ROUTE_CHUNK_WAIT);
    expect(await within(table).findByRole('link', { name: 'ops team' })).toBeInTheDocument();
  }, 30_000);
});
