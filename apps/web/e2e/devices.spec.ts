import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS, signIn } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const suffix = Date.now().toString(36);
const networkId = `e2e-dev-${suffix}`;
const keyName = `e2e-key-${suffix}`;
const deviceName = `e2e-device-${suffix}`;

/**
 * The network is created over the API with the console's own session token: the networks page belongs to
 * another feature and is covered by its own spec; this spec is about keys, devices and nodes.
 */
async function createNetwork(page: Page) {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const response = await page.request.post('/api/networks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { netid: networkId, addressrange: '100.99.7.0/24' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Installs the agent as the new-device wizard tells an administrator to (downloading the bundle the server
 * offers), then starts it in dry-run mode (no WireGuard changes) with a fast check-in.
 */
async function startAgent(
  serverUrl: string,
  token: string,
  stateDir: string,
): Promise<{ agent: ChildProcess; output: () => string }> {
  const download = await fetch(`${serverUrl}/meshclient/files/meshdeck-agent.mjs`);
  expect(download.status, 'the server offers the bundled agent (npm run build makes it)').toBe(200);
  const agentFile = path.join(stateDir, 'meshdeck-agent.mjs');
  fs.writeFileSync(agentFile, Buffer.from(await download.arrayBuffer()), { mode: 0o755 });
  let output = '';
  const agent = spawn(
    process.execPath,
    [
      agentFile,
      'join',
      '--server',
      serverUrl,
      '--token',
      token,
      '--dry-run',
      '--state-dir',
      stateDir,
      '--name',
      deviceName,
      '--endpoint',
      '198.51.100.7',
      '--check-in-seconds',
      '2',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  agent.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  agent.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { agent, output: () => output };
}

test.describe('devices', () => {
  test('when an agent joins with a key made in the console, then the device shows up live, turns Healthy, and can be deleted', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await createNetwork(page);

    // The key is made in the console, and its token read from the details dialog.
    await page.goto('/keys');
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const createDialog = page.getByRole('dialog', { name: 'Create key' });
    await createDialog.getByLabel(/^Name/).fill(keyName);
    await createDialog.getByRole('combobox', { name: 'Networks' }).click();
    await page.getByRole('option', { name: networkId }).click();
    await createDialog.getByRole('button', { name: 'Create' }).click();
    const details = page.getByRole('dialog', { name: keyName });
    const token = (await details.getByTestId('key-token').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Enrollment keys' }).getByText(keyName)).toBeVisible();

    // Devices is open before the agent joins: the row must arrive over the change stream, without a reload.
    await page.goto('/devices');
    await expect(page.getByRole('heading', { name: 'Devices', exact: true, level: 1 })).toBeVisible();
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-e2e-agent-'));
    const { agent, output } = await startAgent(baseURL ?? 'http://127.0.0.1:18080', token, stateDir);
    try {
      const devices = page.getByRole('table', { name: 'Devices' });
      const row = devices.getByRole('row').filter({ hasText: deviceName });
      await expect(row, output()).toBeVisible({ timeout: 15_000 });
      await expect(row.getByText('Healthy')).toBeVisible({ timeout: 15_000 });

      await page.goto(`/networks/${networkId}/nodes`);
      const nodeRow = page
        .getByRole('table', { name: 'Nodes' })
        .getByRole('row')
        .filter({ hasText: deviceName });
      await expect(nodeRow).toBeVisible();
      await expect(nodeRow.getByText('Healthy')).toBeVisible();

      await page.goto('/devices');
      await row.getByRole('button', { name: `Actions for ${deviceName}` }).click();
      await page.getByRole('menuitem', { name: 'Delete device' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${deviceName}?` });
      await expect(confirm.getByText(`The device will leave these networks: ${networkId}.`)).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete device' }).click();
      await expect(row).toHaveCount(0, { timeout: 10_000 });
    } finally {
      agent.kill('SIGTERM');
      fs.rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
