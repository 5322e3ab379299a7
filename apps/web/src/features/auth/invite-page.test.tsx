import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { makeRole, makeUserWithRole } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeToken, nowSeconds, renderApp } from '@/test/render-app.tsx';
import { makeServerStatus } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const ok = { Code: 200, Message: 'invite is valid', Response: null };

describe('InvitePage', () => {
  it('-> when the code is refused by the server, says "Invalid invite code" and shows no form', async () => {
    mockApi({
      'GET server/status': () => makeServerStatus(true),
      'GET v1/users/invite': () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          message: 'invalid invite code',
          path: 'v1/users/invite',
        });
      },
    });
    renderApp('/invite?email=new%40example.com&invite_code=WRONG123');
    expect(await screen.findByText('Invalid invite code')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('-> when the link has no code, says "Invalid invite code" without asking the server', async () => {
    mockApi({ 'GET server/status': () => makeServerStatus(true) });
    renderApp('/invite?email=new%40example.com');
    expect(await screen.findByText('Invalid invite code')).toBeInTheDocument();
    expect(apiClient.get).not.toHaveBeenCalledWith('v1/users/invite', expect.anything());
  });

  it('-> when a valid invite is accepted, signs up with the email as username and signs in', async () => {
    const role = makeRole({ id: 'platform-user', full_access: false });
    mockApi({
      'GET server/status': () => makeServerStatus(true),
      'GET v1/users/invite': () => ok,
      'POST v1/users/invite-signup': () => ({
        Code: 200,
        Message: 'created user successfully',
        Response: null,
      }),
      'POST users/adm/authenticate': () => ({
        Code: 200,
        Message: 'ok',
        Response: { UserName: 'new@example.com', AuthToken: makeToken(nowSeconds() + 600) },
      }),
      'GET v1/users': () => ({ Code: 200, Message: '', Response: makeUserWithRole('new@example.com', role) }),
      'GET networks': () => [],
      'GET v1/networks/stats': () => ({ Code: 200, Message: '', Response: [] }),
      'GET server/getconfig': () => ({ Version: 'v0.30.0', IsPro: 'yes' }),
    });
    const { history } = renderApp('/invite?email=new%40example.com&invite_code=AB12CD34');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), 'a-good-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(apiClient.post).toHaveBeenCalledWith(
      'v1/users/invite-signup',
      { username: 'new@example.com', password: 'a-good-password' },
      expect.objectContaining({ query: { email: 'new@example.com', invite_code: 'AB12CD34' } }),
    );
  }, 30_000);

  const signupThenLogin = (login: () => unknown) => ({
    'GET server/status': () => makeServerStatus(true),
    'GET v1/users/invite': () => ok,
    'POST v1/users/invite-signup': () => ({
      Code: 200,
      Message: 'created user successfully',
      Response: null,
    }),
    'POST users/adm/authenticate': login,
  });
  const submitPassword = async () => {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), 'a-good-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
  };

  it('-> when the role cannot use the console (the server answers "access denied to dashboard"), says where to use the account and leaves no form', async () => {
    mockApi(
      signupThenLogin(() => {
        throw new ApiError({
          kind: 'http',
          status: 401,
          message: 'access denied to dashboard',
          path: 'users/adm/authenticate',
        });
      }),
    );
    renderApp('/invite?email=svc%40example.com&invite_code=AB12CD34');
    await submitPassword();
    expect(await screen.findByText(/Your account is ready/)).toBeInTheDocument();
    expect(screen.queryByText('The account was created but signing in failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  }, 30_000);

  it('-> when the account is created but signing in fails for another reason, offers the sign-in page instead of the form', async () => {
    mockApi(
      signupThenLogin(() => {
        throw new ApiError({
          kind: 'http',
          status: 500,
          message: 'database busy',
          path: 'users/adm/authenticate',
        });
      }),
    );
    renderApp('/invite?email=new%40example.com&invite_code=AB12CD34');
    await submitPassword();
    expect(await screen.findByText('The account was created but signing in failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
  }, 30_000);
});
