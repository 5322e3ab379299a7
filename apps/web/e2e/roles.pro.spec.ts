import { expect as baseExpect, test, type Page } from '@playwright/test';
import { arrangeNetwork } from './access-helpers.ts';
import { apiLogin, logOut } from './shell-helpers.ts';

// A limit, not a speed check: the shared 2-core machine can take seconds per page under other helpers' runs.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs in through the form and waits for the dashboard (helpers.ts's signIn, with this spec's limit). */
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();
}

const SUPER = { username: 'pro-admin', password: 'pro-secret-password' };
const suffix = Date.now().toString(36);
// No hyphens: the switcher shows a network id with its hyphens as spaces.
const networkId = `roview${suffix}`;
const roleName = `viewers ${suffix}`;
const reader = { username: `reader${suffix}`, password: 'reader-secret-1' };

test.beforeAll(async ({ request }) => {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false) {
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SUPER })).status()).toBe(200);
  }
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  await arrangeNetwork(request, token, networkId, [`ro-host-${suffix}`]);
});

/** Write controls the console draws on list pages: none may show for a caller without write scopes. */
const WRITE_CONTROL =
  /^(Add|Create|Delete|Edit|Remove|Make|Set as|Save|Actions for|Select all|Invite|Approve|Join)\b/i;

async function expectNoWriteControl(page: Page, path: string, landmark: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: landmark })).toBeVisible();
  // The page's data has arrived (a table, or an empty state's heading): controls drawn with it are in place.
  const main = page.locator('main');
  await expect(
    main
      .getByRole('table')
      .or(main.getByRole('heading', { level: 2 }))
      .first(),
  ).toBeVisible();
  const names = await page
    .locator('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => !(button as HTMLButtonElement).disabled)
        .map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''),
    );
  expect({ path, writeControls: names.filter((name) => WRITE_CONTROL.test(name)) }).toEqual({
    path,
    writeControls: [],
  });
  await expect(page.locator('main').getByRole('checkbox')).toHaveCount(0);
}

test.describe('custom network roles', () => {
  test.describe.configure({ timeout: 420_000 });
  test('when an admin makes a read-only network role and gives it to a user, then the user sees the network and gets no write control', async ({
    page,
    request,
  }) => {
    await signIn(page, SUPER.username, SUPER.password);
    await page.goto('/users?tab=roles');
    await page.getByRole('link', { name: 'Create a network role' }).click();
    await page.getByRole('textbox', { name: /Role name/ }).fill(roleName);
    await page.getByRole('combobox', { name: /Network/ }).click();
    await page.getByRole('option', { name: networkId }).click();
    await page.getByRole('button', { name: 'Read only' }).click();
    await expect(page.getByRole('checkbox', { name: 'View: Devices and nodes' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Update: Devices and nodes' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/tab=roles/);
    await expect(page.getByRole('table', { name: 'Network roles' }).getByText(roleName)).toBeVisible();

    // A group holding the role and a platform user in it (the people spec covers those forms).
    const token = await apiLogin(request, SUPER.username, SUPER.password);
    const headers = { Authorization: `Bearer ${token}` };
    const roles = (await (await request.get('/api/v1/users/roles', { headers })).json()) as {
      Response: { id: string; name: string }[];
    };
    const roleId = roles.Response.find((role) => role.name === roleName)!.id;
    const group = await request.post('/api/v1/users/group', {
      headers,
      data: { user_group: { name: `readers ${suffix}`, network_roles: { [networkId]: { [roleId]: {} } } } },
    });
    expect(group.ok(), await group.text()).toBe(true);
    const groupId = ((await group.json()) as { Response: { id: string } }).Response.id;
    const user = await request.post(`/api/users/${reader.username}`, {
      headers,
      data: { ...reader, platform_role_id: 'platform-user', user_group_ids: { [groupId]: {} } },
    });
    expect(user.ok(), await user.text()).toBe(true);
    await logOut(page);

    await signIn(page, reader.username, reader.password);
    await page.goto('/networks');
    await expect(
      page.getByRole('table', { name: 'Networks' }).getByText(networkId, { exact: true }),
    ).toBeVisible();
    await expectNoWriteControl(page, `/networks/${networkId}/nodes`, /Nodes/);
    await expect(page.getByRole('table', { name: 'Nodes' }).getByText(`ro-host-${suffix}`)).toBeVisible();
    await expectNoWriteControl(page, `/networks/${networkId}/dns`, /DNS/);
    await expectNoWriteControl(page, `/networks/${networkId}/tag-manager`, /Tag/);
    await expectNoWriteControl(page, `/networks/${networkId}/egress`, /Egress/);
    await expectNoWriteControl(page, `/networks/${networkId}/remote-access`, /Remote Access/);

    // The API refuses what the console does not offer.
    const readerToken = await apiLogin(request, reader.username, reader.password);
    const refused = await request.post(`/api/dns/${networkId}`, {
      headers: { Authorization: `Bearer ${readerToken}` },
      data: { name: 'sneaky', address: '100.98.0.99', network: networkId },
    });
    expect(refused.status()).toBe(403);
  });
});
