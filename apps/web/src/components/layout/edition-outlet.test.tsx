import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderApp } from '@/test/render-app.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  streamEvents: vi.fn(() => Promise.resolve()),
}));

const networks = [makeNetworkWire('office-mesh')];
const ROUTE_CHUNK_WAIT = { timeout: 20_000 };

describe('Pro pages by edition', () => {
  for (const [path, title] of [
    ['/networks/office-mesh/relays', 'Relays'],
    ['/networks/office-mesh/tag-manager', 'Tag Manager'],
    ['/networks/office-mesh/analytics', 'Analytics'],
    ['/users/create-group', 'Create group'],
    ['/users/create-network-role', 'Create network role'],
  ] as const) {
    it(`when ${path} is opened on a community server, then it shows what Pro adds instead of the page`, async () => {
      storeSignedInSession();
      mockApi(shellRoutes(networks, false));
      renderApp(path);
      const upgrade = await screen.findByTestId('pro-upgrade', {}, ROUTE_CHUNK_WAIT);
      expect(upgrade).toHaveTextContent(`${title} is part of the Pro edition`);
      expect(upgrade).toHaveTextContent('User groups, network roles, platform roles');
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(crumbs).toHaveTextContent(path.startsWith('/networks/') ? /Networks.*office-mesh/ : /Users/);
      expect(screen.getByRole('link', { name: /Read about the editions/ })).toHaveAttribute(
        'target',
        '_blank',
      );
      // Nothing of the Pro page ran: none of its calls reached the server.
      const called = vi.mocked(apiClient.get).mock.calls.map(([route]) => String(route));
      expect(called.filter((route) => /groups|roles|metrics|relay|tags/.test(route))).toEqual([]);
      expect(apiClient.post).not.toHaveBeenCalled();
    }, 30_000);
  }

  it('when a Pro page is opened on a Pro server, then the page itself renders', async () => {
    storeSignedInSession();
    mockApi(shellRoutes(networks, true));
    renderApp('/networks/office-mesh/relays');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Relays' }, ROUTE_CHUNK_WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('pro-upgrade')).toBeNull();
  }, 30_000);
});
