import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const DIALOG_TITLE = 'Meshdeck is not functioning properly';
// SERVER_STATUS_POLL_MS and UNHEALTHY_OVERLAY_DELAY_MS of src/lib/constants.ts (which reads import.meta.env, so
// Playwright cannot import it).
const SERVER_STATUS_POLL_MS = 10_000;
const UNHEALTHY_OVERLAY_DELAY_MS = 5000;

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
  test('when the server reports its database down past the 5 s grace, then the console is blocked until it recovers', async ({
    page,
  }) => {
    // The page's clock is the test's: the 5 s grace and the 10 s status poll pass when the test moves time on,
    // not by waiting (the grace itself is timed exactly in server-health-overlay.test.tsx).
    await page.clock.install();
    await signIn(page);
    await reportDatabase(page, false);
    // Reloading polls at once, so the outage is seen now rather than at the next 10 s tick.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'server is not running properly' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await page.clock.fastForward(UNHEALTHY_OVERLAY_DELAY_MS);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The server is not able to connect to the database.');
    await expect(dialog.getByRole('button', { name: 'Restart server' })).toBeVisible();
    // The dialog sits on a full-screen overlay, so the console behind it cannot be used.
    await expect(page.locator('.mantine-Modal-overlay')).toBeVisible();

    await reportDatabase(page, true);
    await page.clock.fastForward(SERVER_STATUS_POLL_MS);
    await expect(dialog).toBeHidden();
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  });
});
