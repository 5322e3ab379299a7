import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeRoleWire, rolesAnswer, signInAs } from '@/test/people-fixtures.ts';
import { renderUi } from '@/test/render-ui.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { mockElementSize } from '@/test/layout.ts';

// jsdom sizes every element 0x0: an open dropdown's positioning would find its input clipped and hide the list.
beforeEach(() => mockElementSize());

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });
const invite = (email: string, code: string) => ({
  email,
  platform_role_id: 'service-user',
  user_group_ids: {},
  network_roles: {},
  invite_code: code,
  invite_url: '',
});

function arrange() {
  signInAs('admin', 'super-admin');
  mockApi({
    'GET networks': () => [],
    'GET v1/users/roles': () =>
      rolesAnswer([
        makeRoleWire('admin', { full_access: true }),
        makeRoleWire('platform-user'),
        makeRoleWire('service-user', { deny_dashboard_access: true }),
      ]),
    'GET v1/users/groups': () => env([]),
    'POST v1/users/invite': () => env(null),
    // An older invite of someone else is in the list too; step two must show only the new ones.
    'GET v1/users/invites': () =>
      env([invite('old@example.com', 'OLDCODE1'), invite('new+vpn@example.engineering', 'AB12CD34')]),
  });
  renderUi(<InviteDialog opened onClose={vi.fn()} />);
}

describe('InviteDialog', () => {
  it('-> when an address is not an email, names it and sends nothing', async () => {
    arrange();
    const dialog = await screen.findByRole('dialog', { name: 'Invite users' });
    await userEvent.type(within(dialog).getByLabelText(/^Emails/), 'ok@example.com, nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Not valid email addresses: nope')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('-> when the invite is sent, step two lists only the new invite with its code and copy buttons', async () => {
    arrange();
    const dialog = await screen.findByRole('dialog', { name: 'Invite users' });
    await userEvent.type(within(dialog).getByLabelText(/^Emails/), 'new+vpn@example.engineering');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith('v1/users/invite', {
        user_emails: ['new+vpn@example.engineering'],
        platform_role_id: 'platform-user',
        user_group_ids: {},
        network_roles: {},
      }),
    );
    const list = await within(dialog).findByRole('table', { name: 'Invites' });
    expect(within(list).getByText('AB12CD34')).toBeInTheDocument();
    expect(within(list).queryByText('old@example.com')).not.toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'Copy the invite link of new+vpn@example.engineering' }),
    ).toBeInTheDocument();
  });

  it('-> the role offered first is Platform user, one that signs in to the console, with no warning', async () => {
    arrange();
    const dialog = await screen.findByRole('dialog', { name: 'Invite users' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Platform access level' })).toHaveValue(
        'Platform user',
      ),
    );
    expect(within(dialog).queryByText('This role cannot sign in to the console')).toBeNull();
  });

  it('-> when Service user is chosen, says before sending that the invitee cannot use the console', async () => {
    arrange();
    const dialog = await screen.findByRole('dialog', { name: 'Invite users' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Platform access level' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Service user' }));
    expect(await within(dialog).findByText('This role cannot sign in to the console')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/A Service user uses the API and remote access only/),
    ).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });
});
