import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { makeRoleWire } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { PlatformRolePage } from './platform-role-page.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const cell = { create: false, read: true, update: false, delete: false, vpn_access: false, self_only: false };

describe('PlatformRolePage', () => {
  it('-> when a role grants read on all users, the matrix shows View granted and Create not granted for that row', async () => {
    mockApi({
      'GET v1/users/role': () => ({
        Code: 200,
        Message: '',
        Response: makeRoleWire('platform-user', { global_level_access: { users: { all_users: cell } } }),
      }),
    });
    await renderRoute('/users/platform-role/$roleId', '/users/platform-role/platform-user', () => (
      <PlatformRolePage roleId="platform-user" />
    ));
    const matrix = await screen.findByRole('table', { name: 'Permissions' });
    const row = within(matrix).getByRole('row', { name: /All users/ });
    expect(within(row).getByRole('img', { name: 'View: granted' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Create: not granted' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Platform user' })).toBeInTheDocument();
  });

  it('-> when the role has full access, says so instead of an empty matrix', async () => {
    mockApi({
      'GET v1/users/role': () => ({
        Code: 200,
        Message: '',
        Response: makeRoleWire('admin', { full_access: true }),
      }),
    });
    await renderRoute('/users/platform-role/$roleId', '/users/platform-role/admin', () => (
      <PlatformRolePage roleId="admin" />
    ));
    expect(await screen.findByText('This role can do everything on every resource.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Permissions' })).not.toBeInTheDocument();
  });
});
