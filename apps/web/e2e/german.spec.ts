import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, STORAGE_KEYS, signIn } from './helpers.ts';
import { ENGLISH_WORDS, englishWordsIn, expectGermanOnly, flatten, readLanguage } from './i18n-helpers.ts';
import { readToken, sidebar } from './shell-helpers.ts';

// Issue 33: "the console switched to German has no English string and no English date on any route".
const NETWORK = `de-${Date.now() % 100_000}`;

/** Every signed-in route of the route table (spec §2) with this spec's network and host. */
const routeTable = (hostId: string) => [
  '/dashboard',
  '/networks',
  '/devices',
  '/hosts-new',
  `/hosts/${hostId}`,
  '/keys',
  '/clients',
  '/activity',
  '/branding',
  '/profile',
  '/hello',
  '/users',
  '/users?tab=groups',
  '/users?tab=roles',
  '/users?tab=invites',
  '/users?tab=pending',
  '/users/platform-role/admin',
  // Pro pages: the upgrade view on this community server.
  '/users/create-network-role',
  '/users/network-role/net-admin',
  '/users/create-group',
  '/users/group/ops',
  '/branding',
  ...[
    'nodes',
    'remote-access',
    'relays',
    'egress',
    'internet-gateways',
    'dns',
    'graph',
    'metrics',
    'info',
    'access-control',
    'old-acls',
    'tag-manager',
    'analytics',
  ].map((section) => `/networks/${NETWORK}/${section}`),
  `/networks/${NETWORK}/hosts/${hostId}`,
  '/404',
];

/** A network with an enrollment key that expires in 30 days (a date on the keys page) and a host joined with it. */
async function arrange(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const network = await request.post('/api/networks', {
    headers,
    data: { netid: NETWORK, addressrange: `100.91.${Date.now() % 250}.0/24` },
  });
  expect(network.ok(), await network.text()).toBe(true);
  const key = await request.post('/api/v1/enrollment-keys', {
    headers,
    data: {
      tags: ['schluessel-de'],
      networks: [NETWORK],
      unlimited: false,
      uses_remaining: 0,
      expiration: Math.floor(Date.now() / 1000) + 30 * 86_400,
      type: 1,
    },
  });
  expect(key.ok(), await key.text()).toBe(true);
  const joinToken = ((await key.json()) as { token: string }).token;
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  const hostId = randomUUID();
  const registered = await request.post(`/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
    data: {
      id: hostId,
      name: 'berlin-1',
      hostpass: randomBytes(16).toString('hex'),
      version: 'v0.30.0',
      os: 'linux',
      publickey: Buffer.from(jwk.x ?? '', 'base64url').toString('base64'),
      traffickeypublic: randomBytes(32).toString('base64'),
      listenport: 51830,
      endpointip: '203.0.113.30',
      interfaces: [],
      firewallinuse: 'none',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return hostId;
}

test.describe('the console in German (issue 33)', () => {
  test('when the English word list is checked, then German uses none of its words and English uses each', () => {
    const german = flatten(readLanguage('de')).values();
    expect(englishWordsIn(german)).toEqual([]);
    const english = [...flatten(readLanguage('en')).values()].join('\n');
    const unused = ENGLISH_WORDS.filter((word) => !new RegExp(`\\b${word}\\b`).test(english));
    expect(unused).toEqual([]);
  });

  test('when German is chosen in the user menu, then every route of the route table shows no English word and no English date', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const hostId = await arrange(page.request, await readToken(page));

    await sidebar(page)
      .getByRole('button', { name: `Account menu for ${ADMIN.username}` })
      .click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { name: `Willkommen, ${ADMIN.username}` })).toBeVisible();

    for (const route of routeTable(hostId)) {
      await test.step(route, async () => {
        await page.goto(route);
        // Its heading (the 404 page is drawn outside the shell's main region).
        const region = route === '/404' ? page : page.getByRole('main');
        await expect(region.getByRole('heading').first(), `${route} shows its page`).toBeVisible();
        if (route !== '/404') await expect(page, `${route} is a page of the console`).not.toHaveURL(/\/404$/);
        // Lists and lazy panels settle: no spinner left, the data's dates and labels are on screen.
        await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
        await expectGermanOnly(page);
      });
    }

    await test.step('a date of the data is German: the key expires in the spec format with a German month', async () => {
      await page.goto('/keys');
      const months = [
        'Januar',
        'Februar',
        'März',
        'April',
        'Mai',
        'Juni',
        'Juli',
        'August',
        'September',
        'Oktober',
        'November',
        'Dezember',
      ];
      await expect(page.getByRole('main')).toContainText(
        new RegExp(`\\d{1,2}\\. (${months.join('|')}) \\d{4} @ \\d{2}:\\d{2}`),
      );
    });

    await test.step('signed out, the sign-in page is German too', async () => {
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.token);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
      await expectGermanOnly(page);
    });
  });
});
