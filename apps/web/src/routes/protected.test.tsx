import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { makeRole } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeToken, nowSeconds, renderApp } from '@/test/render-app.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

function storeSession(expSeconds: number) {
  localStorage.setItem(STORAGE_KEYS.token, makeToken(expSeconds));
  localStorage.setItem(STORAGE_KEYS.username, 'admin');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({
      username: 'admin',
      platformRoleId: 'super-admin',
      isAdmin: true,
      canUseDashboard: true,
    }),
  );
  localStorage.setItem(STORAGE_KEYS.userPlatformRole, JSON.stringify(makeRole()));
}

describe('protected routes', () => {
  it('when the stored token has expired, then /dashboard redirects to /login and the stale session is dropped', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => true });
    storeSession(nowSeconds() - 60);
    const { history } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in to Meshdeck' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Sign in again to continue.')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(apiClient.get).not.toHaveBeenCalledWith('server/getconfig', expect.anything());
  });

  it('when nobody is signed in, then /dashboard redirects to /login without the expiry notice', async () => {
    mockApi({ 'GET users/adm/hassuperadmin': () => true });
    const { history } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in to Meshdeck' })).toBeInTheDocument();
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();
    expect(history.location.search).toContain('redirect=%2Fdashboard');
  });

  it('when the token is live, then the dashboard renders', async () => {
    mockApi({ 'GET server/getconfig': () => ({ Version: 'v0.30.0', IsPro: 'no' }) });
    storeSession(nowSeconds() + 600);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, admin' })).toBeInTheDocument();
  });

  it('when the path matches no route, then the 404 page shows', async () => {
    const { history } = renderApp('/some/unknown/path');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/some/unknown/path'));
  });
});
