import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeUserWire, signInAs } from '@/test/people-fixtures.ts';
import { renderRoute } from '@/test/render-route.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { ProfilePage } from './profile-page.tsx';
import { mockElementSize } from '@/test/layout.ts';

// jsdom sizes every element 0x0: an open dropdown's positioning would find its input clipped and hide the list.
beforeEach(() => mockElementSize());

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const answer = (overrides: Parameters<typeof makeUserWire>[1]) => () => ({
  Code: 200,
  Message: '',
  Response: makeUserWire('dana', { platform_role_id: 'platform-user', ...overrides }),
});

describe('ProfilePage', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('-> when the user picks Deutsch, the page turns German and the choice is kept for that user', async () => {
    signInAs('dana', 'platform-user');
    mockApi({ 'GET v1/users': answer({}) });
    await renderRoute('/profile', '/profile', ProfilePage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('Deutsch');
    expect(JSON.parse(localStorage.getItem('meshdeck.user-languages') ?? '{}')).toEqual({ dana: 'de' });
  }, 30_000);

  it('-> when a user who chose French before signs in, the console is in French again', async () => {
    localStorage.setItem('meshdeck.user-languages', JSON.stringify({ dana: 'fr', erin: 'de' }));
    signInAs('dana', 'platform-user');
    mockApi({ 'GET v1/users': answer({}) });
    await renderRoute('/profile', '/profile', ProfilePage);
    expect(await screen.findByRole('combobox', { name: 'Langue' })).toHaveValue('Français');
    expect(i18next.language).toBe('fr');
  }, 30_000);

  it('-> when the user signs in with SSO, the password fields and Update are disabled with the reason', async () => {
    signInAs('dana', 'platform-user');
    mockApi({ 'GET v1/users': answer({ auth_type: 'oauth' }) });
    await renderRoute('/profile', '/profile', ProfilePage);
    expect(
      await screen.findByText('This user signs in with SSO and has no password here'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update password' })).toBeDisabled();
  });

  it('-> when a password user sets a new password, PUTs their own user unchanged plus the new and current passwords', async () => {
    signInAs('dana', 'platform-user');
    mockApi({
      'GET v1/users': answer({ user_group_ids: { devs: {} } }),
      'PUT users/dana': () => makeUserWire('dana'),
    });
    await renderRoute('/profile', '/profile', ProfilePage);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    // Without the current password the form does not send anything.
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(apiClient.put).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() =>
      expect(apiClient.put).toHaveBeenCalledWith('users/dana', {
        username: 'dana',
        password: 'new-password-1',
        platform_role_id: 'platform-user',
        user_group_ids: { devs: {} },
        network_roles: {},
        current_password: 'old-password-1',
      }),
    );
  }, 30_000);
});
