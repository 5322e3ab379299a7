import { expect, test } from '@playwright/test';
import { ADMIN, craftToken, readSessionStorage, STORAGE_KEYS } from './helpers.ts';

test.describe('sign-in', () => {
  test('when the password is wrong, then the server message is shown and no session is stored', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel(/^Password/).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('incorrect credentials');
    await expect(page).toHaveURL(/\/login$/);
    expect(await readSessionStorage(page)).toEqual({});
  });

  test('when the user does not exist (401), then the message shows and the login page stays as it is', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel(/^Password/).fill('whatever1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('incorrect credentials');
    await expect(page.getByLabel('Username')).toHaveValue('nobody-here');
  });

  test('when the stored token has expired, then a protected page sends the user to /login', async ({
    page,
  }) => {
    await page.goto('/login');
    const expired = craftToken(Math.floor(Date.now() / 1000) - 3600);
    await page.evaluate(
      ({ keys, token }) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.username, 'e2e-admin');
        localStorage.setItem(
          keys.user,
          JSON.stringify({
            username: 'e2e-admin',
            platformRoleId: 'super-admin',
            isAdmin: true,
            canUseDashboard: true,
          }),
        );
        localStorage.setItem(
          keys.userPlatformRole,
          JSON.stringify({ id: 'super-admin', deny_dashboard_access: false }),
        );
      },
      { keys: STORAGE_KEYS, token: expired },
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
    expect(await readSessionStorage(page)).toEqual({});
  });
});
