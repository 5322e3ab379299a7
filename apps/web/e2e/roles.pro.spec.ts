import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
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
  /^(Add|Create|Delete|Edit|Remove|Make|Set as|Save|Update|Submit|Allow all|Block all|Actions for|Select all|Invite|Approve|Join|Connect|Disconnect)\b/i;

/**
 * Opens `path` (or stays on the page already open) and checks that no enabled write control is drawn in its main
 * area once the data the controls come with has arrived (`ready`: a table by default).
 */
async function expectNoWriteControl(
  page: Page,
  path: string | undefined,
  landmark: RegExp,
  options: { ready?: (main: Locator) => Locator; isForm?: boolean } = {},
) {
  if (path) await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: landmark })).toBeVisible();
  // The page's data has arrived (a table, or an empty state's heading): controls drawn with it are in place.
  const main = page.locator('main');
  await expect(
    (options.ready?.(main) ?? main.getByRole('table')).or(main.getByRole('heading', { level: 2 })).first(),
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
  // A settings form is shown read-only: none of its fields takes input.
  if (options.isForm) {
    for (const role of ['textbox', 'spinbutton', 'switch', 'radio'] as const)
      await expect(main.getByRole(role).and(main.locator(':enabled:not([readonly])'))).toHaveCount(0);
  }
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
    const network = `/networks/${networkId}`;
    await expectNoWriteControl(page, `${network}/nodes`, /Nodes/);
    await expect(page.getByRole('table', { name: 'Nodes' }).getByText(`ro-host-${suffix}`)).toBeVisible();
    // The host's page in this network: its node's details, no menu of node actions.
    await page
      .getByRole('table', { name: 'Nodes' })
      .getByRole('link', { name: `ro-host-${suffix}` })
      .click();
    await expectNoWriteControl(page, undefined, new RegExp(`ro-host-${suffix}`), {
      ready: (main) => main.getByText(networkId).first(),
    });
    await expectNoWriteControl(page, `${network}/access-control`, /Access Control/);
    await expectNoWriteControl(page, `${network}/old-acls`, /Old ACLs/, {
      ready: (main) => main.getByRole('grid'),
    });
    await expectNoWriteControl(page, `${network}/relays`, /Relays/);
    await expectNoWriteControl(page, `${network}/internet-gateways`, /Internet Gateways/);
    await expectNoWriteControl(page, `${network}/dns`, /DNS/);
    await expectNoWriteControl(page, `${network}/tag-manager`, /Tag/);
    await expectNoWriteControl(page, `${network}/egress`, /Egress/);
    await expectNoWriteControl(page, `${network}/remote-access`, /Remote Access/);
    await expectNoWriteControl(page, `${network}/alerts`, /Alerts/);
    // Views without lists: the metrics table, the graph, the analytics charts, the network's settings read-only.
    await expectNoWriteControl(page, `${network}/metrics`, /Metrics/);
    await expectNoWriteControl(page, `${network}/graph`, /Graph/, {
      ready: (main) => main.getByRole('img').or(main.locator('canvas')),
    });
    await expectNoWriteControl(page, `${network}/analytics`, /Analytics/, {
      ready: (main) => main.getByRole('tabpanel'),
    });
    await expectNoWriteControl(page, `${network}/info`, /Info/, {
      ready: (main) => main.getByRole('textbox').first(),
      isForm: true,
    });

    // The API refuses what the console does not offer.
    const readerToken = await apiLogin(request, reader.username, reader.password);
    const refused = await request.post(`/api/dns/${networkId}`, {
      headers: { Authorization: `Bearer ${readerToken}` },
      data: { name: 'sneaky', address: '100.98.0.99', network: networkId },
    });
    expect(refused.status()).toBe(403);
  });
});
