import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STORAGE_KEYS, signIn } from './helpers.ts';
import { apiLogin, logOut, sidebar } from './shell-helpers.ts';

// Issue 33: "branding set in the console changes name, logo, favicon and colours after reload".
const SUPER = { username: 'pro-admin', password: 'pro-secret-password' };
const NAME = 'Acme Mesh';
const LIGHT = '#0a7f3b';
const DARK = '#e8590c';

/** A solid-colour PNG (a real image the browser decodes), built here so the spec needs no binary fixture. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const primaryColor = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

async function resetBranding(request: APIRequestContext) {
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const response = await request.put('/api/v1/branding', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      product_name: 'Meshdeck',
      primary_color_light: '#513dd1',
      primary_color_dark: '#a298e7',
      logo_light: null,
      logo_dark: null,
      favicon: null,
    },
  });
  expect(response.status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false) {
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SUPER })).status()).toBe(200);
  }
});
// The Pro server is shared with the other Pro specs: leave it with spec §9's branding.
test.afterAll(async ({ request }) => {
  await resetBranding(request);
});

test.describe('branding on a Pro server', () => {
  test('branding set in the console changes name, logo, favicon and colours after reload', async ({
    page,
  }) => {
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await signIn(page, SUPER.username, SUPER.password);
    await expect(page).toHaveTitle('Meshdeck');
    expect(await primaryColor(page)).toBe('#a298e7');

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Branding' }).click();
    await expect(page).toHaveURL(/\/branding$/);
    await page.getByLabel('Product name').fill(NAME);
    await page.getByRole('textbox', { name: 'Primary colour, light theme', exact: true }).fill(LIGHT);
    await page.getByRole('textbox', { name: 'Primary colour, dark theme', exact: true }).fill(DARK);
    await page
      .getByLabel('Logo, light theme')
      .setInputFiles({ name: 'light.png', mimeType: 'image/png', buffer: png(160, 40, [10, 127, 59]) });
    await page
      .getByLabel('Logo, dark theme')
      .setInputFiles({ name: 'dark.png', mimeType: 'image/png', buffer: png(160, 40, [232, 89, 12]) });
    await page
      .getByLabel('Favicon')
      .setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: png(32, 32, [232, 89, 12]) });
    await expect(page.getByRole('figure', { name: 'Dark theme' }).locator('img')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Branding saved')).toBeVisible();
    await page.getByRole('button', { name: 'Reload now' }).click();

    // After the reload (dark theme, the default): tab title, favicon, sidebar logo and primary colour.
    await expect(page).toHaveTitle(NAME);
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon).toMatch(/^\/api\/v1\/branding\/images\/favicon\?v=[0-9a-f]{16}$/);
    const icon = await page.request.get(favicon ?? '');
    expect(icon.headers()['content-type']).toBe('image/png');
    expect(icon.headers()['cache-control']).toContain('immutable');
    const logo = sidebar(page).getByRole('img', { name: NAME });
    await expect(logo).toHaveAttribute('src', /\/api\/v1\/branding\/images\/logo-dark\?v=/);
    // Loaded through the CSP (img-src 'self') and decoded: the uploaded PNG is 160 px wide.
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
    expect(await primaryColor(page)).toBe(DARK);
    // The splash painted before any script carries the logo and the name.
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toMatch(
      /<img class="splash-logo" src="\/api\/v1\/branding\/images\/logo-dark\?v=[0-9a-f]{16}"/,
    );
    expect(html).toContain(`aria-label="Loading ${NAME}"`);

    // The light theme takes the light logo and colour.
    await page.evaluate((key) => localStorage.setItem(key, 'light'), STORAGE_KEYS.theme);
    await page.reload();
    await expect(sidebar(page).getByRole('img', { name: NAME })).toHaveAttribute('src', /logo-light/);
    expect(await primaryColor(page)).toBe(LIGHT);

    // The sign-in page (drawn without Mantine's provider) is branded too.
    await logOut(page);
    await expect(page.getByRole('heading', { name: `Sign in to ${NAME}` })).toBeVisible();
    const cardLogo = page.locator('main img, section img').first();
    await expect(cardLogo).toHaveAttribute('src', /logo-light/);
    expect(await primaryColor(page)).toBe(LIGHT);
    await expect(page).toHaveTitle(NAME);
    expect(cspViolations).toEqual([]);
  });
});
