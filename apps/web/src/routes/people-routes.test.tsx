import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { makeUserWire } from '@/test/people-fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

describe('user-management routes', () => {
  it('-> when a platform user opens /users, they are sent to the dashboard', async () => {
    storeSignedInSession('platform-user', 'pat');
    mockApi({ ...shellRoutes([]) });
    const { history } = renderApp('/users');
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
  });

  it('-> when the super admin opens /users?tab=bogus, the Users tab shows (the bad tab is dropped)', async () => {
    storeSignedInSession('super-admin', 'admin');
    mockApi({
      ...shellRoutes([]),
      'GET users': () => [makeUserWire('admin', { platform_role_id: 'super-admin' })],
    });
    const { history } = renderApp('/users?tab=bogus');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/users');
  });
});
