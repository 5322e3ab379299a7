import { expect, test } from '@playwright/test';
import { ADMIN, readSessionStorage, signIn } from './helpers.ts';

// A fresh server has no super admin: these steps build on each other and can run only once per server.
test.describe.serial('first run', () => {
  test('when the server has no super admin, then /login sends the visitor to /signup', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create the super admin' })).toBeVisible();
  });

  test('when the passwords differ, then signup explains and creates nothing', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByLabel('Confirm password').fill(`${ADMIN.password}-typo`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    expect(await (await page.request.get('/api/users/adm/hassuperadmin')).json()).toBe(false);
  });

  test('when signing up, then the super admin lands on the dashboard, can log out and log in again', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByLabel('Confirm password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.username}` })).toBeVisible();
    const version = String(
      ((await (await page.request.get('/api/server/status')).json()) as { version: string }).version,
    );
    await expect(page.getByText(version.startsWith('v') ? version : `v${version}`).first()).toBeVisible();

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Meshdeck' })).toBeVisible();
    expect(await readSessionStorage(page)).toEqual({});

    await signIn(page);
  });

  test('when a super admin exists, then /signup sends the visitor to /login', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/login$/);
  });
});
