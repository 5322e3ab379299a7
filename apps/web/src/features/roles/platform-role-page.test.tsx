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
  it('-> when a role grants read on all users, the Users row shows View granted and Create not granted', async () => {
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
    const row = within(matrix).getByRole('row', { name: /^Users/ });
    expect(within(row).getByRole('img', { name: 'View: granted' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Create: not granted' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Platform user' })).toBeInTheDocument();
  });

  it('-> when the role has full access, every action on every resource is granted', async () => {
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
    const matrix = await screen.findByRole('table', { name: 'Permissions' });
    expect(within(matrix).getAllByRole('row')).toHaveLength(13);
    expect(within(matrix).queryAllByRole('img', { name: /not granted/ })).toEqual([]);
    expect(screen.getByText('Signs in to the console')).toBeInTheDocument();
    expect(screen.getByText('This role can do everything on every resource.')).toBeInTheDocument();
  });

  it('-> a platform user reads what lives in networks but changes nothing and reads no users or keys', async () => {
    mockApi({
      'GET v1/users/role': () => ({ Code: 200, Message: '', Response: makeRoleWire('platform-user') }),
    });
    await renderRoute('/users/platform-role/$roleId', '/users/platform-role/platform-user', () => (
      <PlatformRolePage roleId="platform-user" />
    ));
    const matrix = await screen.findByRole('table', { name: 'Permissions' });
    const hosts = within(matrix).getByRole('row', { name: /Devices and nodes/ });
    expect(within(hosts).getByRole('img', { name: 'View: granted' })).toBeInTheDocument();
    expect(within(hosts).getByRole('img', { name: 'Update: not granted' })).toBeInTheDocument();
    const users = within(matrix).getByRole('row', { name: /^Users/ });
    expect(within(users).getByRole('img', { name: 'View: not granted' })).toBeInTheDocument();
    expect(screen.getByText(/network roles of their groups grant/)).toBeInTheDocument();
  });

  it('-> a service user is shown as unable to sign in to the console', async () => {
    mockApi({
      'GET v1/users/role': () => ({
        Code: 200,
        Message: '',
        Response: makeRoleWire('service-user', { deny_dashboard_access: true }),
      }),
    });
    await renderRoute('/users/platform-role/$roleId', '/users/platform-role/service-user', () => (
      <PlatformRolePage roleId="service-user" />
    ));
    expect(await screen.findByText(/Cannot sign in to the console/)).toBeInTheDocument();
    const matrix = screen.getByRole('table', { name: 'Permissions' });
    expect(within(matrix).queryAllByRole('img', { name: /: granted/ })).toEqual([]);
  });
});
