import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

test.describe('activity', () => {
  test('when a network is changed, then the activity page lists the change and shows its before and after', async ({
    page,
    request,
  }) => {
    const netid = `act-${Date.now().toString(36)}`;
    await signIn(page);
    const headers = { Authorization: `Bearer ${await readToken(page)}` };
    const third = 100 + Math.floor(Math.random() * 150);
    const created = await request.post('/api/networks', {
      headers,
      data: { netid, addressrange: `10.213.${third}.0/24`, defaultkeepalive: 20 },
    });
    expect(created.status()).toBe(200);
    const updated = await request.put(`/api/networks/${netid}`, {
      headers,
      data: { netid, addressrange: `10.213.${third}.0/24`, defaultkeepalive: 45 },
    });
    expect(updated.status()).toBe(200);

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await page.getByRole('combobox', { name: 'Network' }).fill(netid);
    await page.getByRole('option', { name: netid }).click();
    await expect(page).toHaveURL(new RegExp(`network=${netid}`));

    const table = page.getByRole('table', { name: 'Activity' });
    await expect(table.getByText('Created')).toBeVisible();
    await table.getByText('Updated').click();
    await expect(page).toHaveURL(/entry=/);
    const changes = page
      .getByRole('dialog', { name: 'Change details' })
      .getByRole('table', { name: 'Changes' });
    const row = changes.getByRole('row').filter({ hasText: 'default_keepalive' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('20');
    await expect(row.getByRole('cell').nth(2)).toHaveText('45');

    // The URL alone opens the same entry (filters and the open entry live in it).
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Change details' })).toContainText('default_keepalive');
  });
});
