import { expect, test, type Page } from '@playwright/test';
import { readToken, sidebar } from './shell-helpers.ts';
import { issueLicense } from './licence-helpers.ts';
import { startOwnServer } from './own-server.ts';

/**
 * Editions and licence (issue 33): each test starts a Pro server of its own (scripts/e2e-server.mjs on E2E_PORT + 6
 * and + 7): one with a licence signed by the spec's own key, which the server trusts through
 * LICENSE_TEST_PUBLIC_KEY (NODE_ENV=test), and one whose trial started 15 days ago.
 */
const basePort = Number(process.env.E2E_PORT ?? 18080);
const ADMIN = { username: 'licence-admin', password: 'licence-secret-1' };

const startServer = (port: number, env: Record<string, string>) =>
  startOwnServer(port, { EDITION: 'pro', ...env });

async function signInAt(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('editions and licence', () => {
  test.setTimeout(150_000);

  test('a Pro licence shows the Pro items and no trial message', async ({ page, request }) => {
    const license = issueLicense();
    const server = await startServer(basePort + 6, {
      NODE_ENV: 'test',
      LICENSE_TEST_PUBLIC_KEY: license.publicKeyPem,
      LICENSE_KEY: license.token,
    });
    try {
      const status = await (await request.get(`${server.url}/api/server/status`)).json();
      expect(status).toMatchObject({ is_pro: true, license_error: '', is_on_trial_license: false });
      expect(
        (await request.post(`${server.url}/api/users/adm/createsuperadmin`, { data: ADMIN })).status(),
      ).toBe(200);
      await signInAt(page, server.url);
      await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.username}` })).toBeVisible();
      const nav = sidebar(page);
      await expect(nav.getByText('Pro', { exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
      // A Pro page opened by URL is the page itself, not the upgrade view.
      await page.goto(`${server.url}/users/create-group`);
      await expect(page.getByRole('heading', { name: 'Create a group' })).toBeVisible();
      await expect(page.getByText(/Your Pro trial (ends|has ended)/)).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });

  test('an expired trial shows the trial-ended view after sign-in', async ({ page, request }) => {
    const server = await startServer(basePort + 7, {
      E2E_TRIAL_STARTED_DAYS_AGO: '15',
      E2E_TRIAL_ADMIN: `${ADMIN.username}:${ADMIN.password}`,
    });
    try {
      const status = await (await request.get(`${server.url}/api/server/status`)).json();
      expect(status).toMatchObject({ is_pro: true, license_error: 'your trial has ended' });
      await signInAt(page, server.url);
      const view = page.getByRole('dialog', { name: 'Your Pro trial has ended' });
      await expect(view).toBeVisible({ timeout: 20_000 });
      await expect(view).toContainText('the console is locked until a licence is added');
      // The API refuses the same way behind the view.
      const networks = await request.get(`${server.url}/api/networks`, {
        headers: { Authorization: `Bearer ${await readToken(page)}` },
      });
      expect(networks.status()).toBe(403);
    } finally {
      await server.stop();
    }
  });
});
