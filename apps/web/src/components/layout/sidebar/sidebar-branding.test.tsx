import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRANDING_META_NAME, resetBrandingForTests } from '@/lib/branding.ts';
import { mockApi } from '@/test/mock-api.ts';
import { mockElementSize } from '@/test/layout.ts';
import { renderApp } from '@/test/render-app.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  streamEvents: vi.fn(() => Promise.resolve()),
}));

const logo = (kind: string) => ({
  url: `/api/v1/branding/images/${kind}?v=1`,
  content_type: 'image/png',
  width: 160,
  height: 40,
  size: 100,
});
const sidebar = async () => within(await screen.findByRole('navigation', { name: 'Main navigation' }));

describe('Sidebar with a branding', () => {
  // jsdom sizes every element 0x0: an open menu's positioning would find its button clipped and hide the menu.
  beforeEach(() => mockElementSize());
  beforeEach(() => {
    localStorage.clear();
    const meta = document.createElement('meta');
    meta.name = BRANDING_META_NAME;
    meta.content = JSON.stringify({
      product_name: 'Acme Mesh',
      logo_light: logo('logo-light'),
      logo_dark: logo('logo-dark'),
      is_custom: true,
    });
    document.head.append(meta);
    resetBrandingForTests();
  });
  afterEach(() => {
    document.head.querySelector(`meta[name="${BRANDING_META_NAME}"]`)?.remove();
    resetBrandingForTests();
  });

  it('when a Pro admin signs in (dark theme), then the dark logo replaces the mark (the e2e spec opens Branding from the menu)', async () => {
    storeSignedInSession('super-admin');
    mockApi(shellRoutes([makeNetworkWire('alpha')], true));
    renderApp('/networks/alpha/dns');
    const nav = await sidebar();
    const home = await nav.findByRole('link', { name: /home$/ });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('/api/v1/branding/images/logo-dark?v=1');
    expect(home.querySelector('svg')).toBeNull();
  });

  it('when the server is community, then the account menu has no Branding item', async () => {
    const user = userEvent.setup();
    storeSignedInSession('super-admin');
    mockApi(shellRoutes([makeNetworkWire('alpha')], false));
    renderApp('/networks/alpha/dns');
    const nav = await sidebar();
    expect(await nav.findByText('Community')).toBeInTheDocument();
    await user.click(await nav.findByRole('button', { name: /^Account menu for / }));
    expect(await screen.findByRole('menuitem', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Branding' })).toBeNull();
  });
});
