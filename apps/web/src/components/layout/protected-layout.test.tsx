import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api.ts';
import { renderApp } from '@/test/render-app.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import type * as SidebarModule from './sidebar/sidebar.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  streamEvents: vi.fn(() => Promise.resolve()),
}));

const sidebarRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./sidebar/sidebar.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof SidebarModule>();
  return {
    ...real,
    Sidebar: (props: SidebarModule.SidebarProps) => {
      sidebarRenders.count += 1;
      return real.Sidebar(props);
    },
  };
});

beforeEach(() => localStorage.clear());

describe('ProtectedLayout', () => {
  it('when only the search in the URL changes (typing in a list search), then the sidebar is not rendered again', async () => {
    storeSignedInSession('super-admin');
    mockApi(shellRoutes([makeNetworkWire('alpha')], false));
    const { history } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const settled = sidebarRenders.count;
    for (const search of ['a', 'ab', 'abc']) {
      await act(async () => {
        history.replace(`/dashboard?search=${search}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    expect(history.location.search).toBe('?search=abc');
    expect(sidebarRenders.count).toBe(settled);
  });
});
