import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeUserWire, rolesAnswer } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { CreateGroupPage, GroupPage } from './group-page.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });
const base = {
  'GET networks': () => [],
  'GET v1/users/roles': () => rolesAnswer([]),
  'GET users': () => [makeUserWire('alice', { user_group_ids: { 'global-network-admin-grp': {} } })],
};

describe('Group pages', () => {
  it('-> when a group is created without a name, says so; with one, posts the group and its members together', async () => {
    mockApi({ ...base, 'POST v1/users/group': () => env({ id: 'site-ops' }) });
    await renderRoute('/users/create-group', '/users/create-group', CreateGroupPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter a group name')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Group name/), 'Site Ops');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith('v1/users/group', {
        user_group: { id: 'site-ops', name: 'Site Ops', meta_data: '', network_roles: {} },
        members: [],
      }),
    );
  });

  it('-> when the group is a default one, shows its members read-only and refuses delete', async () => {
    mockApi({
      ...base,
      'GET v1/users/group': () =>
        env({
          id: 'global-network-admin-grp',
          name: 'All Networks Admin Group',
          default: true,
          network_roles: {},
        }),
    });
    await renderRoute('/users/group/$groupId', '/users/group/global-network-admin-grp', () => (
      <GroupPage groupId="global-network-admin-grp" />
    ));
    expect(await screen.findByRole('heading', { name: 'All Networks Admin Group' })).toBeInTheDocument();
    expect(screen.getAllByText('alice').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
