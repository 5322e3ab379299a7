import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, STORAGE_KEYS } from './helpers.ts';

/** The signed-in page's bearer token, for arranging data through the API. */
export async function readToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  if (!token) throw new Error('not signed in');
  return token;
}

/** Logs in through the API and returns a token (no browser involved). */
export async function apiLogin(
  request: APIRequestContext,
  username: string = ADMIN.username,
  password: string = ADMIN.password,
) {
  const response = await request.post('/api/users/adm/authenticate', { data: { username, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { Response: { AuthToken: string } }).Response.AuthToken;
}

/** Creates a network through the API unless it exists, with a range derived from its name so runs do not clash. */
export async function ensureNetwork(
  request: APIRequestContext,
  token: string,
  netid: string,
  third = 1,
): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const existing = (await (await request.get('/api/networks', { headers })).json()) as { netid: string }[];
  if (existing.some((network) => network.netid === netid)) return;
  const response = await request.post('/api/networks', {
    headers,
    data: { netid, addressrange: `100.90.${third}.0/24` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The first network id the server lists (sorted by id), as the index route picks it. */
export async function firstNetworkId(request: APIRequestContext, token: string): Promise<string | undefined> {
  const networks = (await (
    await request.get('/api/networks', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    netid: string;
  }[];
  return networks.map((network) => network.netid).sort()[0];
}

/** The sidebar landmark. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Opens the account menu and logs out. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
