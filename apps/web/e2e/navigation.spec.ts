import { expect, test } from '@playwright/test';
import { signIn, STORAGE_KEYS } from './helpers.ts';

test.describe('navigation', () => {
  test('when the path is unknown, then the console shows its 404 page', async ({ page }) => {
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/some\/unknown\/path$/);
  });

  test('when /404 is opened, then the 404 page shows', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('when a signed-in user reloads deep links, then the console loads them (no server 404)', async ({
    page,
  }) => {
    await signIn(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const response = await page.goto('/networks/x/nodes');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    // No networks exist yet, so the network page is the console's own 404 (spec §2 routing rules).
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('when the theme is switched, then the choice survives a reload (dark by default)', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('light');
  });

  test('when the page loads, then the splash fades out after about a second', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#splash')).toHaveCount(0, { timeout: 5000 });
  });
});
