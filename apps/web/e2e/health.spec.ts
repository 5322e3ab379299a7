import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const DIALOG_TITLE = 'Meshdeck is not functioning properly';

/** Answers the console's status poll with the real server's status, the database flag overridden. */
async function reportDatabase(page: Page, isConnected: boolean) {
  await page.unroute('**/api/server/status');
  await page.route('**/api/server/status', async (route) => {
    const response = await route.fetch();
    const status = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...status, db_connected: isConnected } });
  });
}

// The real POST /api/server/shutdown is never called here: it would stop the server every other spec uses.
test.describe('unhealthy-server overlay', () => {
  test('when the server reports its database down for 5 s, then the console is blocked until it recovers', async ({
    page,
  }) => {
    // One 10 s poll to notice the outage, 5 s of grace, one more poll to notice the recovery.
    test.setTimeout(60_000);
    await signIn(page);
    await reportDatabase(page, false);
    // Reloading polls at once, so the 5 s count starts now rather than at the next 10 s tick.
    await page.reload();
    const startedAt = Date.now();
    await expect(page.getByRole('alert').filter({ hasText: 'server is not running properly' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4000);
    await expect(dialog).toContainText('The server is not able to connect to the database.');
    await expect(dialog.getByRole('button', { name: 'Restart server' })).toBeVisible();
    // The dialog sits on a full-screen overlay, so the console behind it cannot be used.
    await expect(page.locator('.mantine-Modal-overlay')).toBeVisible();

    await reportDatabase(page, true);
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  });
});
