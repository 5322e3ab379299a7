import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { makeRole, makeUserWithRole } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeToken, nowSeconds, renderApp } from '@/test/render-app.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const httpError = (status: number, message: string) =>
  new ApiError({ kind: 'http', status, message, path: 'x' });

async function submitCredentials(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^username/i), username);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('when the password is wrong, then the server message is shown and nothing is stored', async () => {
    mockApi({
      'GET users/adm/hassuperadmin': () => true,
      'POST users/adm/authenticate': () => {
        throw httpError(400, 'incorrect credentials');
      },
    });
    renderApp('/login');
    await submitCredentials('admin', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('incorrect credentials');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('when the fields are left empty, then each says what is missing and nothing is sent', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => true });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^username/i)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/^username/i), 'admin');
    expect(screen.queryByText('Enter your username')).toBeNull();
    expect(vi.mocked(apiClient.post)).not.toHaveBeenCalled();
  });

  it('when the server has no super admin yet, then the visitor is sent to /signup', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => false });
    const { history } = renderApp('/login');
    expect(await screen.findByText('Create the super admin')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/signup');
  });

  it('when the role denies dashboard access, then entry is refused with a message', async () => {
    const role = makeRole({ id: 'service-user', deny_dashboard_access: true, full_access: false });
    mockApi({
      'GET users/adm/hassuperadmin': () => true,
      'POST users/adm/authenticate': () => ({
        Code: 200,
        Message: 'ok',
        Response: { UserName: 'vpn-user', AuthToken: makeToken(nowSeconds() + 600) },
      }),
      'GET v1/users': () => ({ Code: 200, Message: '', Response: makeUserWithRole('vpn-user', role) }),
    });
    renderApp('/login');
    await submitCredentials('vpn-user', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role does not allow access to the dashboard',
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('when the credentials are right, then the dashboard welcomes the user with the server version', async () => {
    mockApi({
      'GET users/adm/hassuperadmin': () => true,
      'POST users/adm/authenticate': () => ({
        Code: 200,
        Message: 'ok',
        Response: { UserName: 'admin', AuthToken: makeToken(nowSeconds() + 600) },
      }),
      'GET v1/users': () => ({ Code: 200, Message: '', Response: makeUserWithRole('admin') }),
      'GET server/getconfig': () => ({ Version: 'v0.30.0', IsPro: 'no' }),
    });
    const { history } = renderApp('/login');
    await submitCredentials('admin', 'secret');
    expect(await screen.findByRole('heading', { name: 'Welcome, admin' })).toBeInTheDocument();
    expect(screen.getAllByText('v0.30.0').length).toBeGreaterThan(0);
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.username)).toBe('admin');
  });
});
