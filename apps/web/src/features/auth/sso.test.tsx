import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { makeUserWithRole } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeToken, nowSeconds, renderApp } from '@/test/render-app.tsx';
import { makeServerStatus } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

describe('Single sign-on on /login', () => {
  it('-> when the server reports a provider, shows "Sign in with SSO" linking to the API login', async () => {
    mockApi({
      'GET users/adm/hassuperadmin': () => true,
      'GET server/status': () => ({ ...makeServerStatus(true), auth_provider: 'oidc' }),
    });
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(link.getAttribute('href')).toMatch(
      /\/oauth\/login\?auth_provider=oidc&x-application-name=dashboard$/,
    );
  });

  it('-> when the server has no provider, shows no SSO button', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => true, 'GET server/status': () => makeServerStatus(true) });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(apiClient.get).toHaveBeenCalledWith('server/status', expect.anything()));
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('-> when the provider sends the browser back with a token, the user lands signed in on the dashboard', async () => {
    const token = makeToken(nowSeconds() + 600);
    mockApi({
      'GET users/adm/hassuperadmin': () => true,
      'GET server/status': () => makeServerStatus(true),
      'GET v1/users': () => ({ Code: 200, Message: '', Response: makeUserWithRole('sso@example.com') }),
      'GET networks': () => [],
      'GET v1/networks/stats': () => ({ Code: 200, Message: '', Response: [] }),
      'GET server/getconfig': () => ({ Version: 'v0.30.0', IsPro: 'yes' }),
    });
    const { history } = renderApp(`/login?login=${token}&user=sso%40example.com`);
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it('-> when the provider sends the browser back pending, says an administrator must approve the account', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => true, 'GET server/status': () => makeServerStatus(true) });
    renderApp('/login?sso=pending');
    expect(await screen.findByRole('status')).toHaveTextContent(/administrator must approve your account/);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('-> when the provider sends the browser back with an error, shows the server reason in an alert', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => true, 'GET server/status': () => makeServerStatus(true) });
    renderApp('/login?sso_error=email%20domain%20evil.test%20is%20not%20allowed');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Single sign-on failed');
    expect(alert).toHaveTextContent('email domain evil.test is not allowed');
  });
});
