import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { SCALE_ADMIN, SCALE_LIST_ROWS, scaleToken, seededName, wheelToRow } from './scale-helpers.ts';

// The lists beside nodes and devices at 10,000 rows each (seeded by apps/server/test/bulk-seed-lists.ts): first
// rows, search, the wheel to the last row and a live change. Nothing is timed; the first-rows time is only
// reported (an annotation), for the scale report.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });
let token: string;
test.beforeAll(async ({ request }) => {
  token = await scaleToken(request);
});
test.beforeEach(async ({ page }) => {
  await signIn(page, SCALE_ADMIN.username, SCALE_ADMIN.password);
});

const rowsOf = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).locator('tr[data-row-id]');

/** Opens `path` and waits for the row holding `firstText`; reports how long that took. */
async function openList(page: Page, path: string, table: string, firstText: string) {
  const started = Date.now();
  await page.goto(path);
  await expect(rowsOf(page, table).filter({ hasText: firstText }).first()).toBeVisible();
  test.info().annotations.push({ type: 'first rows ms', description: String(Date.now() - started) });
}

/**
 * Searches for the seeded rows' common prefix and checks that all 10,000 match: the server also holds what the
 * tests create (a new network brings its default key), and a retried test finds the first attempt's rows.
 */
async function seededOnly(page: Page, box: string, table: string, prefix: string) {
  await page.getByRole('textbox', { name: box }).fill(prefix);
  await expect(page.getByRole('table', { name: table })).toHaveAttribute(
    'aria-rowcount',
    String(SCALE_LIST_ROWS),
  );
}

/** Types into the search box and checks that exactly the ten rows `<prefix>0001x` remain, in order. */
async function searchTen(page: Page, box: string | RegExp, table: string, prefix: string, tens: number) {
  await page.getByRole('textbox', { name: box }).fill(seededName(prefix, tens * 10).slice(0, -1));
  await expect(page.getByRole('table', { name: table })).toHaveAttribute('aria-rowcount', '10');
  const expected = Array.from({ length: 10 }, (_, i) => seededName(prefix, tens * 10 + i));
  await expect
    .poll(async () =>
      (await rowsOf(page, table).allTextContents()).map((text) => /scale-[a-z]+-\d{6}/.exec(text)?.[0]),
    )
    .toEqual(expected);
}

const auth = () => ({ Authorization: `Bearer ${token}` });

/** Runs a step and reports how long it took (an annotation for the scale report; nothing asserts it). */
async function reported<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await step();
  test.info().annotations.push({ type: `${name} ms`, description: String(Date.now() - started) });
  return result;
}

test('networks page with 10,000 networks: first rows, search, the last row, and a network created elsewhere', async ({
  page,
  request,
}) => {
  await openList(page, '/networks', 'Networks', seededName('scale-net-', 0));
  await seededOnly(page, 'Search networks', 'Networks', 'scale-net-');
  await wheelToRow(page, 'Networks', seededName('scale-net-', SCALE_LIST_ROWS - 1));
  await searchTen(page, 'Search networks', 'Networks', 'scale-net-', 421);

  const netid = `scale-live-${Date.now() % 100_000}`;
  await page.getByRole('textbox', { name: 'Search networks' }).fill(netid);
  const created = await request.post('/api/networks', {
    headers: auth(),
    data: { netid, addressrange: `100.70.${Date.now() % 250}.0/24` },
  });
  expect(created.status(), await created.text()).toBe(200);
  await expect(rowsOf(page, 'Networks').filter({ hasText: netid })).toBeVisible();
});

test('enrollment keys page with 10,000 keys: first rows, search, the last row, and a key created elsewhere', async ({
  page,
  request,
}) => {
  await openList(page, '/keys', 'Enrollment keys', seededName('scale-key-', 0));
  await seededOnly(page, 'Search keys', 'Enrollment keys', 'scale-key-');
  await wheelToRow(page, 'Enrollment keys', seededName('scale-key-', SCALE_LIST_ROWS - 1));
  await searchTen(page, 'Search keys', 'Enrollment keys', 'scale-key-', 733);

  const name = `scale-live-${Date.now() % 100_000}.scale`;
  await page.getByRole('textbox', { name: 'Search keys' }).fill(name);
  const created = await request.post('/api/v1/enrollment-keys', {
    headers: auth(),
    data: { tags: [name], networks: ['scale'], unlimited: true, uses_remaining: 0, expiration: 0, type: 0 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await expect(rowsOf(page, 'Enrollment keys').filter({ hasText: name })).toBeVisible();
});

test('DNS page with 10,000 custom entries beside 10,000 nodes: first rows, search, the last row, and a new entry', async ({
  page,
  request,
}) => {
  // The automatic entries (one per node, in node order) come before the custom ones.
  await openList(page, '/networks/scale/dns', 'DNS entries', 'scale-host-000000.scale');
  await seededOnly(page, 'Search entries', 'DNS entries', 'scale-dns-');
  await reported('wheel to end', () =>
    wheelToRow(page, 'DNS entries', seededName('scale-dns-', SCALE_LIST_ROWS - 1)),
  );
  await searchTen(page, 'Search entries', 'DNS entries', 'scale-dns-', 95);

  const name = `scale-live-${Date.now() % 100_000}.scale`;
  await page.getByRole('textbox', { name: 'Search entries' }).fill(name);
  const created = await reported('create entry', () =>
    request.post('/api/dns/scale', { headers: auth(), data: { name, address: '10.100.0.9' } }),
  );
  expect(created.status(), await created.text()).toBe(200);
  await expect(rowsOf(page, 'DNS entries').filter({ hasText: name })).toBeVisible();
});

test('access-control page with 10,000 policies in one network: first rows, search, the last row', async ({
  page,
}) => {
  // The seeded policies live in the first seeded network (no nodes), beside its default policies.
  await openList(page, `/networks/${seededName('scale-net-', 0)}/access-control`, 'Access policies', '');
  await seededOnly(page, 'Search policies', 'Access policies', 'scale-acl-');
  await wheelToRow(page, 'Access policies', seededName('scale-acl-', SCALE_LIST_ROWS - 1));
  await searchTen(page, 'Search policies', 'Access policies', 'scale-acl-', 808);
});

test('users page with 10,000 users: first rows, search, the last row, and a user created elsewhere', async ({
  page,
  request,
}) => {
  await openList(page, '/users', 'Users', seededName('scale-user-', 0));
  await seededOnly(page, 'Search users', 'Users', 'scale-user-');
  await wheelToRow(page, 'Users', seededName('scale-user-', SCALE_LIST_ROWS - 1));
  await searchTen(page, 'Search users', 'Users', 'scale-user-', 512);

  const username = `scale-live-${Date.now() % 100_000}`;
  await page.getByRole('textbox', { name: 'Search users' }).fill(username);
  const created = await request.post(`/api/users/${username}`, {
    headers: auth(),
    data: { username, password: 'scale-live-password', platform_role_id: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(200);
  await expect(rowsOf(page, 'Users').filter({ hasText: username })).toBeVisible();
});

test('activity page with 10,000 entries: first rows, the user filter, and the oldest entry at the end', async ({
  page,
}) => {
  // Newest first: this server's own writes (sign-ins, the other tests' creations), then the seeded entries.
  await openList(page, '/activity', 'Activity', '');
  const user = seededName('scale-user-', 4321);
  await page.getByRole('textbox', { name: 'User' }).fill(user);
  await expect(page.getByRole('table', { name: 'Activity' })).toHaveAttribute('aria-rowcount', '1');
  await expect(rowsOf(page, 'Activity').filter({ hasText: seededName('scale-dns-', 4321) })).toBeVisible();
  await page.getByRole('textbox', { name: 'User' }).fill('');
  // Each wheel step at the end of what is loaded reads the next 200 entries.
  await reported('wheel to end', () => wheelToRow(page, 'Activity', seededName('scale-dns-', 0), 500));
});
