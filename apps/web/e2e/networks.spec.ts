import { expect, test } from '@playwright/test';
import { signIn, STORAGE_KEYS } from './helpers.ts';
import { ensureNetwork, readToken, sidebar } from './shell-helpers.ts';

const NAME_MESSAGE =
  'Please enter a network name. Valid characters are a-z, 0-9, space, underscore (_) and hypen (-)';

test.describe('networks', () => {
  test('when the create form is filled wrongly, then every rule says so; a valid name creates and opens the network', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await signIn(page);
    await page.getByRole('button', { name: 'Create Network' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a Network' });
    await dialog.getByRole('button', { name: 'Create Network' }).click();
    await expect(dialog.getByText(NAME_MESSAGE)).toBeVisible();
    await dialog.getByLabel(/^Network name/).fill('bad!name');
    await dialog.getByLabel('IPv4 address range').fill('100.64.0.0/40');
    await dialog.getByRole('switch', { name: 'IPv6' }).click({ force: true });
    await dialog.getByLabel('IPv6 address range').fill('fd3c::/300');
    await dialog.getByRole('button', { name: 'Create Network' }).click();
    await expect(dialog.getByText(NAME_MESSAGE)).toBeVisible();
    await expect(dialog.getByText('Address range must be a valid IPv4 CIDR')).toBeVisible();
    await expect(dialog.getByText('Address range must be a valid IPv6 CIDR')).toBeVisible();

    await dialog.getByLabel('IPv4 address range').fill('192.168.77.0/24');
    await expect(
      dialog.getByText(
        'This IP range is commonly used for LANs. Confirm that it does not overlap with your home or office network.',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate a random IPv4 range' }).click();
    await expect(dialog.getByLabel('IPv4 address range')).toHaveValue(/^100\.\d+\.\d+\.0\/24$/);
    await dialog.getByRole('button', { name: 'Generate a random IPv6 range' }).click();
    await expect(dialog.getByLabel('IPv6 address range')).toHaveValue(/^fd3c:/);
    await dialog.getByLabel(/^Network name/).fill(` E2E Net ${suffix} `);
    await dialog.getByRole('button', { name: 'Create Network' }).click();

    const netid = `e2e-net-${suffix}`;
    await expect(page.getByText(`Network ${netid} created`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/networks/${netid}/nodes$`));
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.activeNetwork)).toBe(netid);
    await expect(sidebar(page).getByRole('button', { name: `Network: ${netid}` })).toBeVisible();
  });

  test('when the server refuses a create, then "Failed to create network" shows its Message', async ({
    page,
  }) => {
    await signIn(page);
    await ensureNetwork(page.request, await readToken(page), 'overlap-base', 81);
    await page.goto('/networks');
    await page.getByRole('button', { name: 'Create Network' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a Network' });
    await dialog.getByLabel(/^Network name/).fill(`overlap-${Date.now().toString(36)}`);
    await dialog.getByLabel('IPv4 address range').fill('100.90.81.0/24');
    await dialog.getByRole('button', { name: 'Create Network' }).click();
    await expect(page.getByText('Failed to create network')).toBeVisible();
    await expect(page.getByText(/cidr already in use/i)).toBeVisible();
  });

  test('when a network is created in one browser, then another signed-in browser lists it without reloading', async ({
    browser,
  }) => {
    const watcher = await (await browser.newContext()).newPage();
    const creator = await (await browser.newContext()).newPage();
    await signIn(watcher);
    await watcher.goto('/networks');
    await expect(watcher.getByRole('table', { name: 'Networks' })).toBeVisible();
    await signIn(creator);
    const netid = `live-${Date.now().toString(36)}`;
    await creator.getByRole('button', { name: 'Create Network' }).first().click();
    const dialog = creator.getByRole('dialog', { name: 'Create a Network' });
    await dialog.getByLabel(/^Network name/).fill(netid);
    await dialog.getByRole('button', { name: 'Create Network' }).click();
    await expect(creator).toHaveURL(new RegExp(`/networks/${netid}/nodes$`));
    // No reload, no polling: only the change stream can bring it.
    await expect(watcher.getByRole('link', { name: netid, exact: true })).toBeVisible({ timeout: 5000 });
    await expect(watcher).toHaveURL(/\/networks$/);
  });

  test('when a network is deleted from the list, then the confirmation is required and it disappears', async ({
    page,
  }) => {
    await signIn(page);
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const netid = `gone-${Date.now().toString(36)}`;
    const created = await page.request.post('/api/networks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { netid, addressrange: '100.90.61.0/24' },
    });
    expect(created.status()).toBe(200);
    await page.goto(`/networks?search=${netid}`);
    await page.getByRole('button', { name: `Delete network ${netid}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete network ${netid}?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Network ${netid} deleted`)).toBeVisible();
    await expect(page.getByRole('link', { name: netid, exact: true })).toHaveCount(0);
  });

  test('when network settings are edited, then Update Network saves them and leaving with changes asks first', async ({
    page,
  }) => {
    await signIn(page);
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const netid = `info-${Date.now().toString(36)}`;
    await page.request.post('/api/networks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { netid, addressrange: '100.90.62.0/24' },
    });
    await page.goto(`/networks/${netid}/info`);
    await expect(page.getByRole('button', { name: 'Update Network' })).toHaveCount(0);
    await page.getByLabel('Default MTU').fill('1400');
    await sidebar(page).getByRole('link', { name: 'Devices', exact: true }).click();
    await expect(
      page.getByText('Closing the modal will lose any unsaved changes. Do you want to proceed?'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'Update Network' }).click();
    await expect(page.getByText(`Network ${netid} updated`)).toBeVisible();
    const saved = await page.request.get(`/api/networks/${netid}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await saved.json()) as { defaultmtu: number }).defaultmtu).toBe(1400);
  });
});
