import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readResponse } from '@/lib/api-client.ts';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { makeRole } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeToken, nowSeconds, renderApp } from '@/test/render-app.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

describe('401 handling', () => {
  it('when a signed-in call gets a 401, then storage is cleared and the login page shows without a reload', async () => {
    localStorage.setItem(STORAGE_KEYS.token, makeToken(nowSeconds() + 600));
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
    localStorage.setItem(STORAGE_KEYS.activeNetwork, 'net-1');
    localStorage.setItem(STORAGE_KEYS.racBanner, 'dismissed');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    // The server rejects the token: run the real response handling on a real 401 envelope.
    const unauthorized = () =>
      readResponse(
        new Response(JSON.stringify({ Code: 401, Message: 'unauthorized', Response: null }), { status: 401 }),
        'server/getconfig',
      );
    mockApi({ 'GET server/getconfig': unauthorized, 'GET users/adm/hassuperadmin': () => true });
    const { history } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Sign in to Meshdeck' })).toBeInTheDocument();
    // The memory history only moves on client-side navigation; a hard redirect would leave it on /dashboard.
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    for (const key of SESSION_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });
});
