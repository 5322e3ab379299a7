import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockElementSize } from '@/test/layout.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderApp } from '@/test/render-app.tsx';
import { makeNetworkWire, shellRoutes, storeSignedInSession } from '@/test/signed-in.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  // The change stream is covered by its own tests; here it must not try to connect.
  streamEvents: vi.fn(() => Promise.resolve()),
}));

const networks = [makeNetworkWire('alpha'), makeNetworkWire('beta', { addressrange: '100.70.2.0/24' })];
const sidebar = async () => within(await screen.findByRole('navigation', { name: 'Main navigation' }));
const linkNames = async () =>
  (await sidebar()).getAllByRole('link').map((link) => link.getAttribute('aria-label') ?? link.textContent);

beforeEach(() => localStorage.clear());

// jsdom measures every element 0x0, and the menu's positioning then finds its button clipped and hides the open
// menu (display: none) as soon as it has measured, which raced the click on an item: the network-switching tests
// give elements a size.
// Switching networks loads the target page's lazy chunk; with every test file importing at once on a small CI
// machine that can take longer than the default wait.
const ROUTE_CHUNK_WAIT = { timeout: 20_000 };

describe('Sidebar', () => {
  it('when an admin is on a community server, then Users and Keys show and only the five network items', async () => {
    storeSignedInSession('super-admin');
    mockApi(shellRoutes(networks, false));
    renderApp('/networks/alpha/dns');
    const nav = await sidebar();
    expect(await nav.findByRole('link', { name: 'Access Control' })).toBeInTheDocument();
    expect(await linkNames()).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Devices',
        'Users',
        'Keys',
        'Nodes',
        'Remote Access',
        'Egress',
        'DNS',
      ]),
    );
    for (const proOnly of ['Relays', 'Internet Gateways', 'Tag Manager', 'Analytics', 'Download RAC']) {
      expect(nav.queryByRole('link', { name: proOnly })).toBeNull();
    }
    expect(nav.queryByRole('button', { name: 'Download RAC' })).toBeNull();
    expect(nav.getByText('Community')).toBeInTheDocument();
  });

  it('when a platform user is on a Pro server, then Users and Keys are hidden and the Pro items show', async () => {
    storeSignedInSession('platform-user', 'viewer');
    mockApi(shellRoutes(networks, true));
    renderApp('/networks/alpha/nodes');
    const nav = await sidebar();
    expect(await nav.findByRole('link', { name: 'Tag Manager' })).toBeInTheDocument();
    for (const item of ['Relays', 'Internet Gateways', 'Analytics'])
      expect(nav.getByRole('link', { name: item })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Keys' })).toBeNull();
    expect(nav.getByRole('button', { name: 'Download RAC' })).toBeInTheDocument();
    expect(nav.getByText('Pro')).toBeInTheDocument();
  });

  it('when the server status and the networks are still on their way, then the sidebar shows outlines, not Community, unknown or the no-network items', async () => {
    storeSignedInSession('super-admin');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const routes = shellRoutes(networks, true);
    mockApi({
      ...routes,
      'GET server/status': async () => {
        await held;
        return routes['GET server/status']();
      },
      'GET networks': async () => {
        await held;
        return networks;
      },
    });
    renderApp('/dashboard');
    const nav = await sidebar();
    expect(await nav.findByTestId('edition-pending')).toBeInTheDocument();
    expect(nav.getByTestId('server-version-pending')).toBeInTheDocument();
    expect(nav.getByRole('status', { name: 'Loading networks…' })).toBeInTheDocument();
    expect(nav.queryByText('Community')).toBeNull();
    expect(nav.queryByText('unknown')).toBeNull();
    expect(nav.queryByRole('button', { name: 'Add Network' })).toBeNull();
    release();
    expect(await nav.findByText('Pro')).toBeInTheDocument();
    expect(await nav.findByRole('button', { name: /^Network:/ })).toBeInTheDocument();
    expect(nav.queryByTestId('edition-pending')).toBeNull();
  });

  it('when there are no networks, then Networks and Add Network replace the switcher', async () => {
    storeSignedInSession();
    mockApi(shellRoutes([], false));
    renderApp('/dashboard');
    const nav = await sidebar();
    expect(await nav.findByRole('button', { name: 'Add Network' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Networks' })).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: /^Network:/ })).toBeNull();
  });

  it('when another network is chosen on a network section, then the same section opens for it', async () => {
    onTestFinished(mockElementSize());
    storeSignedInSession();
    mockApi(shellRoutes(networks, false));
    const { history } = renderApp('/networks/alpha/dns');
    const user = userEvent.setup();
    // The page's code and translations load with the route; on a loaded machine that takes more than a second.
    await user.click(
      await (await sidebar()).findByRole('button', { name: 'Network: alpha' }, ROUTE_CHUNK_WAIT),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'beta' }, ROUTE_CHUNK_WAIT));
    await waitFor(() => expect(history.location.pathname).toBe('/networks/beta/dns'), ROUTE_CHUNK_WAIT);
    expect(localStorage.getItem('meshdeck.active-network')).toBe('beta');
  }, 30_000);

  it('when another network is chosen outside a network page, then its nodes page opens', async () => {
    onTestFinished(mockElementSize());
    storeSignedInSession();
    mockApi(shellRoutes(networks, false));
    const { history } = renderApp('/devices');
    const user = userEvent.setup();
    await user.click(await (await sidebar()).findByRole('button', { name: /^Network:/ }, ROUTE_CHUNK_WAIT));
    await user.click(await screen.findByRole('menuitem', { name: 'beta' }, ROUTE_CHUNK_WAIT));
    await waitFor(() => expect(history.location.pathname).toBe('/networks/beta/nodes'), ROUTE_CHUNK_WAIT);
  }, 30_000);

  it('when the toggle is used, then the sidebar collapses to icons and remembers it', async () => {
    storeSignedInSession();
    mockApi(shellRoutes(networks, false));
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await (await sidebar()).findByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveStyle({ width: '80px' });
    expect(localStorage.getItem('meshdeck.sidebar-collapsed')).toBe('true');
  });

  it('when the viewport is narrower than 768 px, then the sidebar is a drawer behind the menu button, closed after a link', async () => {
    const wideMatchMedia = window.matchMedia;
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      ...wideMatchMedia(query),
      matches: query.includes('max-width: 767'),
    }));
    try {
      storeSignedInSession();
      mockApi(shellRoutes(networks, false));
      const { history } = renderApp('/dashboard');
      const user = userEvent.setup();
      const menuButton = await screen.findByRole('button', { name: 'Open menu' });
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
      expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await user.click(menuButton);
      const nav = await sidebar();
      expect(nav.getByRole('button', { name: 'Close menu' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
      await user.click(menuButton);
      await user.click((await sidebar()).getByRole('link', { name: 'Devices' }));
      await waitFor(() => expect(history.location.pathname).toBe('/devices'), ROUTE_CHUNK_WAIT);
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
    } finally {
      window.matchMedia = wideMatchMedia;
    }
  }, 30_000);

  it('when Deutsch is chosen in the account menu, then the shell turns German and the choice is kept for the user', async () => {
    storeSignedInSession('super-admin', 'erin');
    mockApi(shellRoutes(networks, false));
    renderApp('/dashboard');
    // jsdom lays nothing out, and a popover whose target looks detached (0x0) is hidden.
    const restoreSize = mockElementSize(256, 40);
    fireEvent.click(await (await sidebar()).findByRole('button', { name: 'Account menu for erin' }));
    expect(await screen.findByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' }));
    const nav = within(await screen.findByRole('navigation', { name: 'Hauptnavigation' }));
    expect(await nav.findByRole('link', { name: 'Geräte' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('meshdeck.user-languages') ?? '{}')).toEqual({ erin: 'de' });
    restoreSize();
    await i18next.changeLanguage('en');
  }, 30_000);
});
