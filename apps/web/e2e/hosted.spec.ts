import http from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sidebar } from './shell-helpers.ts';
import { startOwnServer } from './own-server.ts';

/**
 * Upgrade check and hosted mode (issue 33): each test starts a server of its own (scripts/e2e-server.mjs on
 * E2E_PORT + 8 and + 9), the one build of the console served by both: a community server whose RELEASES_URL is a
 * release feed this spec serves on loopback, and a server started with HOSTED=true.
 */
const basePort = Number(process.env.E2E_PORT ?? 18080);
const ADMIN = { username: 'hosted-admin', password: 'hosted-secret-1' };

const startServer = (port: number, env: Record<string, string>) =>
  startOwnServer(port, { EDITION: 'community', ...env });

/** A release feed on loopback, in the documented format (README "Upgrade check"). */
async function serveFeed(feed: unknown) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(feed));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/releases.json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function createAdmin(request: APIRequestContext, url: string): Promise<string> {
  expect((await request.post(`${url}/api/users/adm/createsuperadmin`, { data: ADMIN })).status()).toBe(200);
  const response = await request.post(`${url}/api/users/adm/authenticate`, { data: ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { Response: { AuthToken: string } }).Response.AuthToken;
}

async function signInAt(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('upgrade check and hosted mode', () => {
  test.setTimeout(150_000);

  test('the upgrade dialog appears against a local feed with a newer version', async ({ page, request }) => {
    const feed = await serveFeed({
      releases: [
        { version: '0.29.0' },
        { version: '0.31.0', url: 'https://github.com/meshdeck/meshdeck/releases/tag/v0.31.0' },
        { version: '0.32.0-rc.1' },
      ],
    });
    const server = await startServer(basePort + 8, { RELEASES_URL: feed.url });
    try {
      await createAdmin(request, server.url);
      await signInAt(page, server.url);
      const nav = sidebar(page);
      await nav.getByRole('button', { name: 'Version v0.31.0 is available' }).click();
      const dialog = page.getByRole('dialog', { name: 'New server version available' });
      await expect(dialog).toContainText('Meshdeck v0.31.0 is available. This server runs v0.30.0.');
      await expect(dialog.locator('code')).toHaveText([
        'v0.31.0',
        'v0.31.0',
        'docker-compose down',
        'docker-compose up -d',
      ]);
      await expect(dialog.getByRole('link', { name: 'Release notes' })).toHaveAttribute(
        'href',
        'https://github.com/meshdeck/meshdeck/releases/tag/v0.31.0',
      );
    } finally {
      await server.stop();
      await feed.close();
    }
  });

  test('a hosted start with query parameters lands signed in under the version prefix', async ({
    page,
    request,
  }) => {
    const server = await startServer(basePort + 9, {
      HOSTED: 'true',
      ACCOUNT_SITE_URL: 'https://account.example.test',
    });
    try {
      const token = await createAdmin(request, server.url);
      const start = new URLSearchParams({
        backend: server.url,
        token,
        sToken: 'account-site-token',
        tenantId: 'tenant-e2e',
        tenantName: 'E2E Tenant',
        username: ADMIN.username,
        userId: 'user-e2e',
        isNewTenant: 'false',
      });
      await page.goto(`${server.url}/?${start.toString()}`);
      await expect(page).toHaveURL(`${server.url}/v0.30.0/dashboard`);
      await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.username}` })).toBeVisible();
      const nav = sidebar(page);
      await expect(nav.getByTestId('tenant-id')).toContainText('Tenant ID tenant-e2e');
      await expect(nav.getByRole('link', { name: 'Manage tenant' })).toHaveAttribute(
        'href',
        'https://account.example.test/tenants/tenant-e2e',
      );
      // Hosted consoles never offer the upgrade check.
      await expect(nav.getByRole('button', { name: /is available/ })).toHaveCount(0);
      // Links inside the console keep the prefix, and a reload stays signed in there.
      await nav.getByRole('link', { name: 'Devices' }).click();
      await expect(page).toHaveURL(`${server.url}/v0.30.0/devices`);
      await page.reload();
      await expect(page).toHaveURL(`${server.url}/v0.30.0/devices`);
      await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await expect(page.getByRole('menuitem', { name: 'Manage Account' })).toHaveAttribute(
        'href',
        'https://account.example.test',
      );
    } finally {
      await server.stop();
    }
  });
});
