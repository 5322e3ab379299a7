import { expect, request as apiRequest, test, type Page, type Route } from '@playwright/test';
import { registerHosts } from './access-helpers.ts';
import { issueLicense } from './licence-helpers.ts';
import { startOwnServer } from './own-server.ts';
import { apiLogin, ensureNetwork, sidebar } from './shell-helpers.ts';

/**
 * Loading never looks empty, and the shell never guesses (issue 39), on a licensed Pro server of the spec's own
 * (scripts/e2e-server.mjs on E2E_PORT + 12). Answers are held by route interception until the loading state has
 * been asserted, then released: the spec waits for states, never for times.
 */
const basePort = Number(process.env.E2E_PORT ?? 18080);
const port = basePort + 12;
const baseURL = `http://127.0.0.1:${port}`;
const ADMIN = { username: 'loading-admin', password: 'loading-secret-1' };
const NETWORK = 'load-net';
const EMPTY_NETWORK = 'empty-net';

/** What a list shows only once it knows it is empty, and the guesses the shell must never show as facts. */
const EMPTY_OR_GUESSED = [
  'Nothing to show yet',
  'No policies match.',
  'No DNS entries match.',
  'No tags yet.',
  'No usable key yet: create one.',
  'No gateway yet: make a Linux host of this network one.',
  'No users yet',
  'No groups yet',
  'No network roles yet',
  'Nobody is waiting for approval',
  'No open invites',
  'Community',
];

/** What a route's guard awaits before the page renders at all (the splash stays up until then): answered at once. */
const NETWORK_GUARD = /^\/api\/networks$/;
const DASHBOARD_GUARD = /^\/api\/server\/getconfig$/;

/**
 * Every list page, with what it shows once its answers arrive, and the reads its route's guard awaits (answered at
 * once: held, the page would not render at all and the splash would stay, which is loading too but tests nothing).
 */
const LIST_PAGES: { path: string; ready: (page: Page) => ReturnType<Page['locator']>; pass?: RegExp }[] = [
  {
    path: '/dashboard',
    ready: (page) => page.getByRole('link', { name: NETWORK, exact: true }).first(),
    pass: DASHBOARD_GUARD,
  },
  { path: '/networks', ready: (page) => page.getByRole('link', { name: NETWORK, exact: true }).first() },
  { path: '/devices', ready: (page) => page.getByRole('link', { name: 'load-a' }) },
  { path: '/keys', ready: (page) => page.locator('tr[data-row-id]').first() },
  { path: '/clients', ready: (page) => page.getByText('Nothing to show yet') },
  { path: '/users', ready: (page) => page.getByRole('button', { name: ADMIN.username, exact: true }) },
  { path: '/users?tab=groups', ready: (page) => page.locator('tr[data-row-id]').first() },
  { path: '/users?tab=roles', ready: (page) => page.locator('tr[data-row-id]').first() },
  { path: '/users?tab=invites', ready: (page) => page.getByText('No open invites') },
  { path: '/users?tab=pending', ready: (page) => page.getByText('Nobody is waiting for approval') },
  { path: '/activity', ready: (page) => page.locator('tr[data-row-id]').first() },
  {
    path: `/networks/${NETWORK}/nodes`,
    ready: (page) => page.getByRole('link', { name: 'load-b' }),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/remote-access`,
    ready: (page) => page.getByText(/^No gateway yet/),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/relays`,
    ready: (page) => page.getByTestId('empty-state'),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/egress`,
    ready: (page) => page.getByTestId('empty-state'),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/internet-gateways`,
    ready: (page) => page.getByTestId('empty-state'),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/dns`,
    ready: (page) => page.locator('tr[data-row-id]').first(),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/access-control`,
    ready: (page) => page.locator('tr[data-row-id]').first(),
    pass: NETWORK_GUARD,
  },
  {
    path: `/networks/${NETWORK}/tag-manager`,
    ready: (page) => page.getByText('No tags yet.'),
    pass: NETWORK_GUARD,
  },
];

/** Holds every API answer of `page` (but those `pass` matches by path) until the returned release is called. */
async function holdApi(page: Page, pass?: RegExp): Promise<() => Promise<void>> {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (!pass?.test(new URL(route.request().url()).pathname)) await gate;
    await route.continue().catch(() => undefined);
  };
  await page.route('**/api/**', handler);
  return async () => {
    release();
    await page.unroute('**/api/**', handler);
  };
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.username}` })).toBeVisible();
}

/** Opens the wizard's key step's first key, checks the install step comes next (never skipped), then the join. */
async function expectInstallThenJoin(page: Page, scope: ReturnType<Page['locator']>) {
  await scope.getByRole('table', { name: 'Enrollment keys' }).locator('tr[data-row-id]').first().click();
  // Picking a key only picks it: the install step is next, not jumped over.
  await expect(scope.getByRole('radio').first()).toBeChecked();
  await expect(scope.getByTestId('install-command')).toHaveCount(0);
  await scope.getByRole('button', { name: 'Next' }).click();
  await expect(scope.getByTestId('install-command')).toContainText(`${baseURL}/meshclient/files/`);
  await scope.getByRole('button', { name: 'Next' }).click();
  await expect(scope.getByTestId('join-command')).toContainText('meshdeck-agent join');
}

test.describe.serial('loading, empty and guesses (issue 39)', () => {
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  test.use({ baseURL, actionTimeout: 20_000, navigationTimeout: 30_000 });
  test.setTimeout(900_000);

  test.beforeAll(async () => {
    const license = issueLicense();
    server = await startOwnServer(port, {
      EDITION: 'pro',
      NODE_ENV: 'test',
      LICENSE_TEST_PUBLIC_KEY: license.publicKeyPem,
      LICENSE_KEY: license.token,
    });
    const request = await apiRequest.newContext({ baseURL });
    const created = await request.post('/api/users/adm/createsuperadmin', { data: ADMIN });
    expect(created.status()).toBe(200);
    const token = await apiLogin(request, ADMIN.username, ADMIN.password);
    // Networks and a key, no device yet: the devices page and a network's nodes page are empty.
    await ensureNetwork(request, token, EMPTY_NETWORK, 31);
    await ensureNetwork(request, token, NETWORK, 32);
    const key = await request.post('/api/v1/enrollment-keys', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        tags: ['wizard-key'],
        networks: [NETWORK],
        unlimited: true,
        uses_remaining: 0,
        expiration: 0,
        type: 0,
      },
    });
    expect(key.ok(), await key.text()).toBe(true);
    await request.dispose();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('when a device is added from any entry point, then the wizard shows its install command before the join command', async ({
    page,
  }) => {
    await signIn(page);

    await test.step('the dashboard button', async () => {
      await page.getByRole('link', { name: 'Add a device' }).click();
      await expect(page).toHaveURL(/\/hosts-new$/);
      await expectInstallThenJoin(page, page.locator('main'));
    });

    await test.step('the devices toolbar and the empty devices page', async () => {
      await page.goto('/devices');
      const empty = page.getByTestId('empty-state');
      await expect(empty).toContainText('No devices yet');
      await empty.getByRole('button', { name: 'Add a new device' }).click();
      await expectInstallThenJoin(page, page.getByRole('dialog', { name: 'Add a new device' }));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add a new device' }).first().click();
      await expectInstallThenJoin(page, page.getByRole('dialog', { name: 'Add a new device' }));
      await page.keyboard.press('Escape');
    });

    await test.step('the empty nodes page', async () => {
      await page.goto(`/networks/${EMPTY_NETWORK}/nodes`);
      const empty = page.getByTestId('empty-state');
      await expect(empty).toContainText('No nodes in this network yet');
      await empty.getByRole('link', { name: 'Add a device' }).click();
      await expect(page).toHaveURL(/\/hosts-new$/);
      await expectInstallThenJoin(page, page.locator('main'));
    });

    await test.step('the command palette', async () => {
      await page.goto('/dashboard');
      const input = page.getByRole('combobox', { name: /Go to a page/ });
      await expect(async () => {
        await page.keyboard.press('Control+K');
        await expect(input).toBeFocused({ timeout: 5000 });
      }).toPass({ timeout: 25_000 });
      await input.fill('add a device');
      await expect(page.getByRole('option', { name: /Add a device/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/hosts-new$/);
      await expectInstallThenJoin(page, page.locator('main'));
    });
  });

  test('when every answer is held, then each list page shows a loading state and the shell no guess; released, the real content', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, ADMIN.username, ADMIN.password);
    // Two devices in the network (the first test made it with no device).
    const key = await request.post('/api/v1/enrollment-keys', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        tags: ['hosts-key'],
        networks: [NETWORK],
        unlimited: true,
        uses_remaining: 0,
        expiration: 0,
        type: 0,
      },
    });
    expect(key.ok(), await key.text()).toBe(true);
    await registerHosts(request, ((await key.json()) as { token: string }).token, ['load-a', 'load-b']);
    await signIn(page);
    const nav = sidebar(page);

    for (const { path, ready, pass } of LIST_PAGES) {
      await test.step(path, async () => {
        const release = await holdApi(page, pass);
        await page.goto(path);
        // Loading, said as loading: a status, skeletons in the shell, and none of what only a known empty list
        // or a known edition may say.
        await expect(
          page
            .locator('main')
            .getByRole('status', { name: /^Loading/ })
            .first(),
        ).toBeVisible();
        await expect(nav.getByTestId('edition-pending')).toBeVisible();
        // The sidebar's networks: an outline while their read is held, never the no-network sidebar.
        if (!pass?.test('/api/networks')) await expect(nav.getByTestId('networks-pending')).toBeVisible();
        for (const text of EMPTY_OR_GUESSED)
          await expect(page.getByText(text, { exact: true })).toHaveCount(0);
        await expect(nav.getByRole('button', { name: 'Add Network' })).toHaveCount(0);
        await expect(nav.getByText('unknown', { exact: true })).toHaveCount(0);
        await expect(page.getByTestId('empty-state')).toHaveCount(0);
        await release();
        await expect(ready(page)).toBeVisible();
        await expect(nav.getByText('Pro', { exact: true })).toBeVisible();
        await expect(nav.getByText('Community', { exact: true })).toHaveCount(0);
      });
    }
  });
});
