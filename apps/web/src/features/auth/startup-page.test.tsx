import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { makeUserWithRole } from '@/test/fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { makeToken, nowSeconds, renderApp } from '@/test/render-app.tsx';
import { shellRoutes } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type * as HostedModule from '@/lib/hosted.ts';

/** The page's code and translations load with the route; on a loaded machine (CI) that takes seconds. */
const PAGE_WAIT = { timeout: 20_000 };

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  streamEvents: vi.fn(() => Promise.resolve()),
}));
// The server of these tests serves the hosted edition (HOSTED=true, read from index.html at start).
vi.mock('@/lib/hosted.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof HostedModule>()),
  IS_HOSTED: true,
}));

beforeEach(() => localStorage.clear());

const startQuery = (token: string) =>
  new URLSearchParams({
    backend: 'https://tenant-1.example.test',
    token,
    sToken: 'account-token',
    tenantId: 'tenant-1',
    tenantName: 'Acme',
    username: 'ada',
    userId: 'user-9',
    isNewTenant: 'true',
  }).toString();

describe('/startup in the hosted edition (spec §2)', { timeout: 30_000 }, () => {
  it('when the account site opens it with the start parameters, then the user lands signed in on the dashboard under the UI-version prefix with the tenant stored', async () => {
    const token = makeToken(nowSeconds() + 600);
    mockApi({
      ...shellRoutes([]),
      'GET v1/users': () => ({ Code: 200, Message: '', Response: makeUserWithRole('ada') }),
    });
    const { history } = renderApp(`/startup?${startQuery(token)}`);
    await waitFor(() => expect(history.location.pathname).toBe('/v0.30.0/dashboard'), PAGE_WAIT);
    expect(history.location.search).toBe('');
    // The token was checked against the tenant's backend before the session was stored.
    expect(apiClient.get).toHaveBeenCalledWith(
      'v1/users',
      expect.objectContaining({ query: { username: 'ada' }, token }),
    );
    expect(useSession.getState()).toMatchObject({
      token,
      username: 'ada',
      tenantId: 'tenant-1',
      tenantName: 'Acme',
      baseUrl: 'https://tenant-1.example.test/api',
    });
    expect(localStorage.getItem(STORAGE_KEYS.amuiUserId)).toBe('user-9');
    expect(localStorage.getItem(STORAGE_KEYS.amuiAuthToken)).toBe('account-token');
    expect(localStorage.getItem(STORAGE_KEYS.isNewTenant)).toBe('true');
  });

  it('when the token is refused, then it says so, offers sign-in, and stores no session', async () => {
    mockApi({
      'GET v1/users': () => {
        throw new Error('401');
      },
    });
    // A token of its own: the page signs in once per token, and the first test's token (same expiry second) was
    // accepted, which sent this test to the dashboard whenever both ran within one second.
    renderApp(`/startup?${startQuery(makeToken(nowSeconds() + 600, { sub: 'refused' }))}`);
    expect(await screen.findByText('Sign-in failed', {}, PAGE_WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('when there are no start parameters, then it goes on to the login page', async () => {
    mockApi({
      'GET users/adm/hassuperadmin': () => true,
      'GET server/status': () => shellRoutes([])['GET server/status'](),
    });
    const { history } = renderApp('/startup');
    await waitFor(() => expect(history.location.pathname).toBe('/v0.30.0/login'), PAGE_WAIT);
  });
});
