import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { apiLogin, ensureNetwork, logOut, sidebar } from './shell-helpers.ts';

const SUPER = { username: 'pro-admin', password: 'pro-secret-password' };
const VIEWER = { username: 'pro-viewer', password: 'viewer-secret-1' };

// The Pro server starts empty: create its super admin, a network and a platform user once.
test.beforeAll(async ({ request }) => {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false) {
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SUPER })).status()).toBe(200);
  }
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  await ensureNetwork(request, token, 'pro-net', 71);
  const created = await request.post(`/api/users/${VIEWER.username}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...VIEWER, platform_role_id: 'platform-user' },
  });
  expect([200, 400]).toContain(created.status());
});

test.describe('sidebar on a Pro server', () => {
  test('when the super admin signs in, then Users, Keys, the Pro network items and Download RAC show', async ({
    page,
  }) => {
    await signIn(page, SUPER.username, SUPER.password);
    await page.goto('/networks/pro-net/relays');
    const nav = sidebar(page);
    await expect(nav.getByText('Pro', { exact: true })).toBeVisible();
    for (const item of [
      'Users',
      'Keys',
      'Nodes',
      'Relays',
      'Internet Gateways',
      'Tag Manager',
      'Analytics',
      'DNS',
    ]) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await nav.getByRole('button', { name: 'Download RAC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Remote Access Client' });
    for (const tab of ['Windows', 'Mac', 'Linux', 'Mobile'])
      await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Mobile' }).click();
    await expect(dialog.getByRole('link', { name: 'WireGuard on the App Store' })).toBeVisible();
    await page.keyboard.press('Escape');
    await logOut(page);
  });

  test('when a platform user signs in, then only Dashboard and Devices show above the networks', async ({
    page,
  }) => {
    await signIn(page, VIEWER.username, VIEWER.password);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Keys', exact: true })).toHaveCount(0);
    // A platform user administers no network yet, so the network it cannot see is a 404.
    await page.goto('/networks/pro-net/nodes');
    await expect(page).toHaveURL(/\/404$/);
  });
});
