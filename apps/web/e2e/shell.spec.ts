import { expect, test } from '@playwright/test';
import { signIn, STORAGE_KEYS } from './helpers.ts';
import { ensureNetwork, readToken, sidebar } from './shell-helpers.ts';

test.describe('application shell (community server)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    const token = await readToken(page);
    await ensureNetwork(page.request, token, 'shell-one', 51);
    await ensureNetwork(page.request, token, 'shell-two', 52);
  });

  test('when an admin uses a community server, then the admin items show and the Pro items do not', async ({
    page,
  }) => {
    await page.goto('/networks/shell-one/dns');
    const nav = sidebar(page);
    for (const item of [
      'Dashboard',
      'Devices',
      'Users',
      'Keys',
      'Nodes',
      'Remote Access',
      'Egress',
      'Access Control',
      'DNS',
    ]) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    for (const item of ['Relays', 'Internet Gateways', 'Tag Manager', 'Analytics']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
    }
    await expect(nav.getByRole('button', { name: 'Download RAC' })).toHaveCount(0);
    await nav.getByRole('button', { name: /^Community edition/ }).click();
    await expect(page.getByRole('dialog', { name: 'Upgrade Plan' })).toBeVisible();
  });

  test('when another network is chosen on a network section, then the same section opens for it', async ({
    page,
  }) => {
    await page.goto('/networks/shell-one/egress');
    await sidebar(page).getByRole('button', { name: 'Network: shell-one' }).click();
    await page.getByRole('menuitem', { name: 'shell-two' }).click();
    await expect(page).toHaveURL(/\/networks\/shell-two\/egress$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.activeNetwork)).toBe(
      'shell-two',
    );
    // Keyboard: the switcher is a real menu.
    await sidebar(page).getByRole('button', { name: 'Network: shell-two' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    // On a loaded machine the menu may still be opening (its transition) when the first Escape arrives: press
    // until it is closed.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0, { timeout: 1_000 });
    }).toPass();
  });

  test('when the viewport is narrower than 768 px, then the sidebar is a drawer behind a menu button; wider, it is 256 px', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(sidebar(page)).toHaveCSS('width', '256px');
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar(page)).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sidebar(page)).toHaveCSS('width', '256px');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await sidebar(page).getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar(page)).toHaveCSS('width', '80px');
    await page.reload();
    await expect(sidebar(page)).toHaveCSS('width', '80px');
    await sidebar(page).getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar(page)).toHaveCSS('width', '256px');
  });

  test('when the Dark theme switch is turned off in the user menu, then light survives a reload', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('switch', { name: 'Dark theme' }).click({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('switch', { name: 'Dark theme' }).click({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('when Manage Account is chosen, then the profile page opens', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Manage Account' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('when a page fails while rendering, then the crash screen offers a bug report and the way home', async ({
    page,
  }) => {
    // A page chunk that throws when evaluated: the same path a render error takes, without shipping a crash button.
    await page.route('**/assets/hello-page-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("e2e: page failed to render");',
      }),
    );
    await page.goto('/hello');
    await expect(page.getByRole('heading', { name: 'Application crashed' })).toBeVisible();
    await expect(page.getByText('Sorry, an unexpected error occured.')).toBeVisible();
    const report = page.getByRole('link', { name: 'File a Bug Report' });
    await expect(report).toHaveAttribute('href', /e2e%3A\+page\+failed\+to\+render|e2e%3A%20page/);
    await page.unroute('**/assets/hello-page-*.js');
    await page.getByRole('link', { name: 'Back Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
