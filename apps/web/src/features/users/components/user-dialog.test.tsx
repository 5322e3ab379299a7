import { peopleUserWireSchema, toPeopleUser } from '@meshdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeRoleWire, makeUserWire, rolesAnswer } from '@/test/people-fixtures.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { makeNetworkWire } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { UserDialog } from './user-dialog.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const roles = [
  makeRoleWire('super-admin'),
  makeRoleWire('admin'),
  makeRoleWire('platform-user'),
  makeRoleWire('service-user'),
  makeRoleWire('net1-network-user', { name: 'net1 User', network_id: 'net1' }),
];
const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });

function arrange() {
  mockApi({
    'GET networks': () => [makeNetworkWire('net1')],
    'GET v1/users/roles': () => rolesAnswer(roles),
    'GET v1/users/groups': () => env([{ id: 'devs', name: 'Developers' }]),
    'POST users/dave': () => makeUserWire('dave'),
    'PUT users/sso.bob%40example.com': () => makeUserWire('sso.bob@example.com'),
  });
}

describe('UserDialog', () => {
  it('-> when the password is too short, says so and sends nothing; once fixed, posts the user', async () => {
    arrange();
    renderUi(<UserDialog opened isPro callerRoleId="super-admin" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' });
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'dave');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'short');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/^Password/), '-but-longer');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm password/), '-but-longer');
    expect(within(dialog).getByRole('table', { name: 'Roles per network' })).toHaveTextContent('net1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith('users/dave', {
        username: 'dave',
        password: 'short-but-longer',
        platform_role_id: 'service-user',
        user_group_ids: {},
        network_roles: {},
      }),
    );
    // Typing into four fields is slow on a loaded CI machine; the budget is generous, nothing here is timed.
  }, 30_000);

  it('-> when a community server creates a user, hides roles and groups and sends the admin role', async () => {
    arrange();
    renderUi(<UserDialog opened isPro={false} callerRoleId="super-admin" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' });
    expect(within(dialog).queryByLabelText('Platform access level')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'dave');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'long-enough-1');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm password/), 'long-enough-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith(
        'users/dave',
        expect.objectContaining({ platform_role_id: 'admin' }),
      ),
    );
  });

  it('-> when an SSO user is edited, the password is disabled and the PUT keeps groups and sends no password', async () => {
    arrange();
    const user = toPeopleUser(
      peopleUserWireSchema.parse(
        makeUserWire('sso.bob@example.com', { auth_type: 'oauth', user_group_ids: { devs: {} } }),
      ),
    );
    renderUi(<UserDialog opened user={user} isPro callerRoleId="super-admin" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(dialog).getByLabelText(/^Password/)).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiClient.put).toHaveBeenCalled());
    expect(vi.mocked(apiClient.put).mock.calls[0]).toEqual([
      'users/sso.bob%40example.com',
      {
        username: 'sso.bob@example.com',
        platform_role_id: 'service-user',
        user_group_ids: { devs: {} },
        network_roles: {},
      },
    ]);
  });
});
