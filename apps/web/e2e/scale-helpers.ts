import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin } from './shell-helpers.ts';

/** Hosts scripts/e2e-server.mjs seeds into network "scale" of the scale server (E2E_SEED_HOSTS). */
export const SCALE_HOSTS = 10_000;
/** Networks, enrollment keys, DNS entries, users and activity entries the scale server also seeds (E2E_SEED_LISTS). */
export const SCALE_LIST_ROWS = 10_000;
export const SCALE_ADMIN = { username: 'scale-admin', password: 'scale-secret-password' };

/** Seeded host names: `scale-host-` and the index zero-padded to 6 digits, so name order is index order. */
export const hostName = (index: number) => `scale-host-${String(index).padStart(6, '0')}`;

/** Names of the other seeded rows (apps/server/test/bulk-seed-lists.ts): `scale-net-000042`, `scale-key-...`. */
export const seededName = (prefix: string, index: number) => `${prefix}${String(index).padStart(6, '0')}`;

/** Creates the scale server's super admin once and returns an API token. */
export async function scaleToken(request: APIRequestContext): Promise<string> {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false)
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SCALE_ADMIN })).status()).toBe(200);
  return apiLogin(request, SCALE_ADMIN.username, SCALE_ADMIN.password);
}

/** The names in the rows currently rendered (the table is virtualised: only a window is in the DOM). */
export async function renderedNames(page: Page, table: string): Promise<string[]> {
  return page
    .getByRole('table', { name: table })
    .locator('tr[data-row-id] td:nth-child(2) a, tr[data-row-id] td:first-child a')
    .allTextContents();
}

/**
 * Scrolls a list's own scroller with the mouse wheel, as a user would, until the row holding `lastText` is on
 * screen (the wheel repeats while the smooth scroll settles). This caught a list that scrolled but never
 * rendered new rows when its data was already cached at mount. `stepMs` is how long each wheel step waits for the
 * row: short for a list that reads its next page at the end (each step loads one page).
 */
export async function wheelToRow(page: Page, table: string, lastText: string, stepMs = 2_000): Promise<void> {
  const rows = page.getByRole('table', { name: table }).locator('tr[data-row-id]');
  const box = await rows.first().boundingBox();
  if (!box) throw new Error(`table ${table} has no rows`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(async () => {
    await page.mouse.wheel(0, 200_000);
    await expect(rows.filter({ hasText: lastText })).toBeVisible({ timeout: stepMs });
    // The next step at once: toPass's growing default pauses (up to 1 s) doubled each page of a paged list.
  }).toPass({ intervals: [100] });
}
