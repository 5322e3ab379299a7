import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeRoleWire, makeUserWire, rolesAnswer, signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { makeServerStatus } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { UsersPage } from './users-page.tsx';
import { usersSearchSchema, type UsersTabKey } from './users-search.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const users = [
  makeUserWire('admin', { platform_role_id: 'super-admin' }),
  makeUserWire('alice', { platform_role_id: 'admin' }),
  makeUserWire('sso.bob@example.com', { auth_type: 'oauth', user_group_ids: { devs: {} } }),
];
const roles = [
  makeRoleWire('super-admin', { full_access: true }),
  makeRoleWire('admin', { full_access: true }),
  makeRoleWire('platform-user'),
  makeRoleWire('service-user', { deny_dashboard_access: true }),
  makeRoleWire('net1-network-user', { name: 'net1 User', network_id: 'net1' }),
];
const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });

function arrange(isPro: boolean, extra: Parameters<typeof mockApi>[0] = {}, tab: UsersTabKey = 'users') {
  mockApi({
    'GET server/status': () => makeServerStatus(isPro),
    'GET users': () => users,
    'GET networks': () => [],
    'GET v1/users/roles': () => rolesAnswer(roles),
    'GET v1/users/groups': () =>
      env([{ id: 'devs', name: 'Developers', default: false, meta_data: '', network_roles: {} }]),
    'GET v1/users/invites': () => env([]),
    'GET users_pending': () => [makeUserWire('carol@example.com', { auth_type: 'oauth' })],
    ...extra,
  });
  const Page = () => (
    <UsersPage
      tab={tab}
      groupsPanel={null}
      rolesPanel={null}
      invitesPanel={null}
      onInvite={vi.fn()}
      onTabChange={vi.fn()}
    />
  );
  return renderRoute('/users', '/users', Page, { validateSearch: usersSearchSchema });
}

/** Waits for `text` in the users table; the table re-renders as the queries settle, so it looks it up each try. */
const findInUsers = (text: string) =>
  waitFor(() => within(screen.getByRole('table', { name: 'Users' })).getByText(text));

describe('UsersPage', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
    signInAs('admin', 'super-admin');
  });
  afterEach(() => restoreSize());

  it('-> when the server is community, shows the users with a Create button and no Groups, Invites or Pending tabs', async () => {
    await arrange(false);
    await findInUsers('alice');
    expect(screen.getByRole('button', { name: 'Create a user' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Pending users/ })).not.toBeInTheDocument();
  });

  it('-> when the server is pro, shows Groups, Network Roles, Invites (0) and Pending users (1), and group names for group ids', async () => {
    await arrange(true);
    expect(await screen.findByRole('tab', { name: 'Pending users (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Groups' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Network Roles' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invites (0)' })).toBeInTheDocument();
    await findInUsers('Developers');
    expect(within(screen.getByRole('table', { name: 'Users' })).getByText('SSO')).toBeInTheDocument();
  });

  it('-> when the super admin opens an admin row menu, delete and the transfer are offered', async () => {
    await arrange(true);
    await findInUsers('alice');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for alice' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeEnabled();
    expect(await screen.findByRole('menuitem', { name: 'Transfer super admin rights' })).toBeEnabled();
  });

  it('-> when the super admin opens its own row menu, delete is disabled', async () => {
    await arrange(true);
    await findInUsers('alice');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });

  it('-> when an admin is deleted through the menu and confirmed, sends DELETE users/alice', async () => {
    await arrange(true, { 'DELETE users/alice': () => 'alice deleted.' });
    await findInUsers('alice');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for alice' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(apiClient.delete).toHaveBeenCalledWith('users/alice'));
  });

  it('-> when a pending SSO user is approved as a platform user in a group, approves them and gives that role and group', async () => {
    const approved = { Code: 200, Message: 'approved', Response: null };
    await arrange(
      true,
      {
        'POST users_pending/user/carol%40example.com': () => approved,
        'PUT users/carol%40example.com': () => makeUserWire('carol@example.com'),
      },
      'pending',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve carol@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve carol@example.com' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Platform access level' })).toHaveValue(
        'Platform user',
      ),
    );
    await userEvent.click(
      within(dialog).getAllByLabelText('Which groups will the user join')[0] as HTMLElement,
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Developers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(apiClient.put).toHaveBeenCalledWith('users/carol%40example.com', {
        username: 'carol@example.com',
        platform_role_id: 'platform-user',
        user_group_ids: { devs: {} },
        network_roles: {},
      }),
    );
    expect(apiClient.post).toHaveBeenCalledWith('users_pending/user/carol%40example.com', {
      platform_role_id: 'platform-user',
    });
  });

  it('-> when an admin opens another admin, the details are read-only and say why', async () => {
    signInAs('bea', 'admin');
    await arrange(true);
    // Wait for the edition: the Pro columns replace the rows once the status answers.
    await screen.findByRole('tab', { name: 'Groups' });
    await findInUsers('Developers');
    fireEvent.click(await findInUsers('alice'));
    const dialog = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(dialog).getByText('Only the super admin can change other admins')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Password/)).toBeDisabled();
  });

  it('-> when the super admin transfers the role to an admin, posts the transfer and becomes an admin in the session', async () => {
    await arrange(true, {
      'POST users/adm/transfersuperadmin/alice': () =>
        makeUserWire('alice', { platform_role_id: 'super-admin' }),
    });
    await screen.findByRole('tab', { name: 'Groups' });
    await findInUsers('Developers');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for alice' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Transfer super admin rights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer super admin rights' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(apiClient.post).toHaveBeenCalledWith('users/adm/transfersuperadmin/alice'));
    await waitFor(() => expect(useSession.getState().user?.platformRoleId).toBe('admin'));
  });
});

describe('UsersPage before the edition is known (issue 39)', () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = mockElementSize(1280, 720);
  });
  afterEach(() => restoreSize());

  it('-> when the URL asks for a Pro tab and the server status has not answered, waits with a loader instead of showing the Users tab; then shows the tab', async () => {
    signInAs('admin', 'super-admin');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await arrange(
      true,
      {
        'GET server/status': async () => {
          await held;
          return makeServerStatus(true);
        },
      },
      'groups',
    );
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /users/i })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('tab', { name: 'Groups', selected: true })).toBeInTheDocument();
  });
});
