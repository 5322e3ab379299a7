import { expect, test } from '@playwright/test';
import { joinHosts, peer, report, type Agent } from './agent-helpers.ts';
import { signIn } from './helpers.ts';
import { apiLogin, ensureNetwork, logOut, readToken, sidebar } from './shell-helpers.ts';

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

test.describe('analytics on a Pro server (issue 41)', () => {
  let agents: Agent[] = [];
  test.afterAll(async () => {
    for (const agent of agents) await agent.client?.endAsync();
  });

  test('when an agent reported metrics, then Analytics draws its node from them, and a pair that turns unreachable gets its own chart live', async ({
    page,
  }) => {
    // Hosts join and report over MQTT before the page is drawn: a limit for a loaded machine, not a speed check.
    test.setTimeout(150_000);
    await signIn(page, SUPER.username, SUPER.password);
    // A network of its own per attempt, so a retry does not meet the first attempt's reports.
    const net = `charts-${Date.now().toString(36)}`;
    agents = await joinHosts(page.request, await readToken(page), net, `100.98.${Date.now() % 200}.0/24`, [
      'chart-a',
      'chart-b',
    ]);
    const [a, b] = agents as [Agent, Agent];
    await report(a, [peer(b, true, 42)]);

    await page.goto(`/networks/${net}/analytics`);
    // The report may land after the page read the network: the server's `metrics` event brings it in.
    const latency = page.getByRole('figure', { name: 'Latency', exact: true });
    // Generous: the page's chunks, the chart library and two reads on a loaded machine.
    await expect(latency.locator('canvas')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('figure', { name: 'Throughput' }).locator('canvas')).toBeVisible();
    await expect(page.getByTestId('charts-summary')).toHaveText(
      'Agent running for 0 hrs 1 mins · 1 peer measured',
    );
    // The legend reads the point under the pointer: the latency the agent measured, in the table's units.
    await latency.locator('.u-over').hover();
    await expect(latency.locator('.u-legend')).toContainText('42 ms');

    // A healthy pair keeps no history, and says so.
    await page.getByRole('combobox', { name: 'Pair' }).click();
    await page.getByRole('option', { name: 'chart-a → chart-b' }).click();
    await expect(page.getByTestId('charts-empty')).toContainText('This pair had no problem in this range');
    await expect(page).toHaveURL(/peer=/);

    // The pair breaks: the change is pushed, the open chart re-reads, and the pair's own points are drawn.
    await report(a, [peer(b, false)]);
    const reachable = page.getByRole('figure', { name: 'Reachable', exact: true });
    await expect(reachable.locator('canvas')).toBeVisible({ timeout: 30_000 });
    await reachable.locator('.u-over').hover();
    await expect(reachable.locator('.u-legend')).toContainText(/Reachable\s*0%/);
  });
});
