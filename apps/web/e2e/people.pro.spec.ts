import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { apiLogin, ensureNetwork, logOut, sidebar } from './shell-helpers.ts';

const SUPER = { username: 'pro-admin', password: 'pro-secret-password' };
// Names without hyphens: the switcher shows a network id with its hyphens as spaces.
const NET_A = 'pplalpha';
const NET_B = 'pplbeta';
const run = Date.now().toString(36);

test.beforeAll(async ({ request }) => {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false) {
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SUPER })).status()).toBe(200);
  }
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  await ensureNetwork(request, token, NET_A, 72);
  await ensureNetwork(request, token, NET_B, 73);
});

/** A fresh browser context (its own storage), so two people can be signed in side by side. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/**
 * Goes through "Sign in with SSO" on /login and the provider's development login and consent pages, until the
 * browser is back on the console. The provider remembers an earlier sign-in and consent and then skips them.
 */
async function signInWithSso(page: Page, email: string) {
  await page.goto('/login');
  const consoleOrigin = new URL(page.url()).origin;
  let current = page.url();
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  for (let step = 0; step < 4; step += 1) {
    const previous = current;
    // The next page that needs nothing from us is passed by; stop on a provider page or back on the console.
    await page.waitForURL(
      (url) =>
        url.href !== previous &&
        (url.origin === consoleOrigin
          ? !url.pathname.startsWith('/api/')
          : url.pathname.startsWith('/interaction/')),
    );
    current = page.url();
    if (new URL(current).origin === consoleOrigin) return;
    const login = page.locator('input[name="login"]');
    const consent = page.getByRole('button', { name: 'Continue' });
    await expect(login.or(consent).first()).toBeVisible();
    if (await login.isVisible()) {
      await login.fill(email);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await consent.click();
    }
  }
  throw new Error('the provider did not send the browser back to the console');
}

test.describe('people on a Pro server', () => {
  // Several sign-ins and a provider round trip each, on a shared slow machine.
  test.describe.configure({ timeout: 120_000 });
  test('when an admin invites a user with a role in one network, then the invite link signs them up and they see only that network, read-only', async ({
    browser,
    page,
  }) => {
    const email = `invitee-${run}@example.com`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, SUPER.username, SUPER.password);
    await page.goto('/users?tab=invites');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite users' });
    await dialog.getByLabel(/^Emails/).fill(email);
    await dialog.getByRole('combobox', { name: 'Platform access level' }).click();
    await page.getByRole('option', { name: 'Platform user' }).click();
    await dialog.getByRole('combobox', { name: `Roles in ${NET_A}` }).click();
    await page.getByRole('option', { name: `${NET_A} User`, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();

    // Step two: the new invite with its link to copy (email delivery is optional).
    const created = dialog.getByRole('table', { name: 'Invites' });
    await expect(created.getByText(email)).toBeVisible();
    await created.getByRole('button', { name: `Copy the invite link of ${email}` }).click();
    await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/invite\?email=.+&invite_code=[A-Za-z0-9]{8}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await logOut(page);

    const invitee = await newPage(browser);
    await invitee.goto(link);
    await expect(invitee.getByText(`Choose a password for ${email}`)).toBeVisible();
    await invitee.getByLabel(/^Password/).fill('invitee-secret-1');
    await invitee.getByLabel(/^Confirm password/).fill('invitee-secret-1');
    await invitee.getByRole('button', { name: 'Create my account' }).click();
    await expect(invitee.getByRole('heading', { name: `Welcome, ${email}` })).toBeVisible();

    // Only network A: in the networks list, in the switcher, and on the nodes page.
    await invitee.goto('/networks');
    const table = invitee.getByRole('table', { name: 'Networks' });
    await expect(table.getByText(NET_A, { exact: true })).toBeVisible();
    await expect(table.getByText(NET_B, { exact: true })).toHaveCount(0);
    // Read-only: a platform user cannot create networks, so the console offers no such button.
    await expect(invitee.getByRole('button', { name: 'Create Network' })).toHaveCount(0);
    await invitee.goto(`/networks/${NET_A}/nodes`);
    await expect(invitee).toHaveURL(new RegExp(`/networks/${NET_A}/nodes$`));
    // A network user may not delete nodes: the list has no selection checkboxes.
    await expect(invitee.getByRole('table', { name: 'Nodes' })).toBeVisible();
    await expect(invitee.getByRole('checkbox')).toHaveCount(0);
    await sidebar(invitee)
      .getByRole('button', { name: `Network: ${NET_A}` })
      .click();
    await expect(invitee.getByRole('menuitem', { name: NET_A })).toBeVisible();
    await expect(invitee.getByRole('menuitem', { name: NET_B })).toHaveCount(0);
    await invitee.keyboard.press('Escape');
    await invitee.goto(`/networks/${NET_B}/nodes`);
    await expect(invitee).toHaveURL(/\/404$/);
    await invitee.context().close();
  });

  test('when a user signs in through the OpenID provider, then they wait as pending until an admin approves them, then sign in', async ({
    browser,
    page,
    request,
  }) => {
    const email = `sso-${run}@example.com`;
    const user = await newPage(browser);
    await signInWithSso(user, email);
    await expect(user).toHaveURL(/\/login\?sso=pending$/);
    await expect(user.getByRole('status')).toContainText('An administrator must approve your account');

    await signIn(page, SUPER.username, SUPER.password);
    await page.goto('/users?tab=pending');
    const pending = page.getByRole('table', { name: 'Pending users' });
    await pending.getByRole('button', { name: `Approve ${email}` }).click();
    // The admin chooses the role on approval: Platform user, a role that signs in to the console, by default.
    const approveDialog = page.getByRole('dialog', { name: `Approve ${email}` });
    await expect(approveDialog.getByRole('combobox', { name: 'Platform access level' })).toHaveValue(
      'Platform user',
    );
    await approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText(`${email} approved`)).toBeVisible();
    await expect(pending.getByText(email)).toHaveCount(0);

    await signInWithSso(user, email);
    await expect(user.getByRole('heading', { name: `Welcome, ${email}` })).toBeVisible();
    await expect(user).toHaveURL(/\/dashboard$/);
    const token = await apiLogin(request, SUPER.username, SUPER.password);
    const approved = await request.get(`/api/v1/users?username=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(
      ((await approved.json()) as { Response: { platform_role_id: string } }).Response.platform_role_id,
    ).toBe('platform-user');
    await user.context().close();
  });
});
