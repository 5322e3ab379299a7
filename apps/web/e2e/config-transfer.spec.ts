import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

test.describe('export and import', () => {
  test('when the configuration is exported, a network deleted and the file imported, then the network and its DNS entry are back', async ({
    page,
    request,
  }) => {
    const netid = `rt-${Date.now().toString(36)}`;
    const third = 100 + Math.floor(Math.random() * 150);
    await signIn(page);
    const headers = { Authorization: `Bearer ${await readToken(page)}` };
    const range = `10.214.${third}.0/24`;
    expect(
      (await request.post('/api/networks', { headers, data: { netid, addressrange: range } })).status(),
    ).toBe(200);
    const dns = await request.post(`/api/dns/${netid}`, {
      headers,
      data: { name: `printer.${netid}`, address: `10.214.${third}.9` },
    });
    expect(dns.status()).toBe(200);

    await page.goto('/networks');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export configuration' }).click();
    const file = await (await downloading).path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { networks: { netid: string }[] };
    expect(exported.networks.map((network) => network.netid)).toContain(netid);

    expect((await request.delete(`/api/networks/${netid}?force=true`, { headers })).status()).toBe(200);

    await page.locator('input[type=file]').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Import: what would change' });
    const plan = dialog.getByRole('table', { name: 'Import plan' });
    await expect(plan.getByRole('row').filter({ hasText: netid }).first()).toContainText('create');
    await expect(plan.getByRole('row').filter({ hasText: `${netid}/printer.${netid}` })).toContainText(
      'create',
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();

    const network = await request.get(`/api/networks/${netid}`, { headers });
    expect(network.status()).toBe(200);
    expect(((await network.json()) as { addressrange: string }).addressrange).toBe(range);
    const entries = (await (await request.get(`/api/dns/adm/${netid}/custom`, { headers })).json()) as {
      name: string;
      address: string;
    }[];
    expect(entries).toEqual([
      expect.objectContaining({ name: `printer.${netid}`, address: `10.214.${third}.9` }),
    ]);
  });
});
