import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { ensureNetwork, firstNetworkId, readToken, sidebar } from './shell-helpers.ts';

const NET = 'routes-net';

/** Per-network sections and the page heading each shows (nodes belongs to the devices pages). */
const SECTIONS: [string, string | null][] = [
  ['nodes', null],
  ['remote-access', 'Remote Access'],
  ['relays', 'Relays'],
  ['egress', 'Egress'],
  ['internet-gateways', 'Internet Gateways'],
  ['dns', 'DNS'],
  ['graph', 'Graph'],
  ['metrics', 'Metrics'],
  ['info', 'Network Info'],
  ['access-control', 'Access Control'],
  ['old-acls', 'Old ACLs'],
  ['tag-manager', 'Tag Manager'],
  ['analytics', 'Analytics'],
];

/** Signed-in pages outside a network: path, then the h1 it shows (null where the devices feature owns the page). */
const PAGES: [string, string | null][] = [
  ['/dashboard', 'Dashboard'],
  ['/networks', 'Networks'],
  ['/devices', null],
  ['/keys', null],
  ['/hosts-new', null],
  ['/clients', 'Clients'],
  ['/users', 'Users'],
  ['/users/platform-role/admin', null],
  ['/profile', 'Profile'],
  ['/hello', 'Getting started'],
];

/**
 * Pro pages: this project's server is the community edition, so each shows the shell's upgrade view under the
 * page's own title (what Pro adds), not the page; people.pro.spec.ts opens them on a Pro server.
 */
const PRO_PAGES: [string, string][] = [
  ['/users/create-network-role', 'Create network role'],
  ['/users/network-role/net-admin', 'Network role'],
  ['/users/create-group', 'Create group'],
  ['/users/group/ops', 'User group'],
  ['/branding', 'Branding'],
];

test.describe('route table (spec §2)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await ensureNetwork(page.request, await readToken(page), NET, 41);
  });

  test('when / is opened with networks, then the first network by id becomes active and its nodes page opens', async ({
    page,
  }) => {
    const first = await firstNetworkId(page.request, await readToken(page));
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/networks/${first}/nodes$`));
    await expect(sidebar(page).getByRole('button', { name: `Network: ${first}` })).toBeVisible();
  });

  for (const [path, heading] of PAGES) {
    test(`when ${path} is opened, then it renders inside the shell`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(sidebar(page)).toBeVisible();
      if (heading)
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    });
  }

  for (const [path, heading] of PRO_PAGES) {
    test(`when ${path} is opened on community, then the upgrade view shows inside the shell`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(sidebar(page)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByTestId('pro-upgrade')).toContainText(`${heading} is part of the Pro edition`);
    });
  }

  for (const [section, heading] of SECTIONS) {
    test(`when /networks/{id}/${section} is opened, then the section renders with its header`, async ({
      page,
    }) => {
      await page.goto(`/networks/${NET}/${section}`);
      await expect(page).toHaveURL(new RegExp(`/networks/${NET}/${section}$`));
      await expect(sidebar(page)).toBeVisible();
      if (heading) {
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(
          page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Networks' }),
        ).toBeVisible();
      }
    });
  }

  const redirects: [string, string][] = [
    ['/hosts', '/devices'],
    ['/enrollment-keys', '/keys'],
    [`/networks/${NET}`, `/networks/${NET}/nodes`],
  ];
  for (const [from, to] of redirects) {
    test(`when ${from} is opened, then it redirects to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    });
  }

  test('when a network id is not one of the user networks, then /404 shows', async ({ page }) => {
    await page.goto('/networks/not-a-network/dns');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('when the path is unknown while signed in, then the 404 page shows', async ({ page }) => {
    await page.goto('/definitely/not/a/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
