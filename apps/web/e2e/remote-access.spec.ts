import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

const suffix = Date.now().toString(36);
const networkId = `e2e-ra-${suffix}`;
const hostName = `e2e-gw-${suffix}`;
const clientId = `laptop-${suffix}`;

/** A fresh x25519 public key in base64, as an agent would send. */
function wgPublicKey(): string {
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url').toString('base64');
}

/**
 * Arranges a network with one Linux host through the API (network, enrollment key, host registration as an
 * agent does it): the devices spec covers joining through the console; this one is about remote access.
 */
async function arrangeNetworkWithHost(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const third = 100 + (Date.now() % 100);
  const network = await request.post('/api/networks', {
    headers,
    data: { netid: networkId, addressrange: `100.97.${third}.0/24` },
  });
  expect(network.ok(), await network.text()).toBe(true);
  const key = await request.post('/api/v1/enrollment-keys', {
    headers,
    data: {
      tags: [`e2e-ra-key-${suffix}`],
      networks: [networkId],
      unlimited: true,
      uses_remaining: 0,
      expiration: 0,
      type: 0,
    },
  });
  expect(key.ok(), await key.text()).toBe(true);
  const joinToken = ((await key.json()) as { token: string }).token;
  const registered = await request.post(`/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
    data: {
      id: randomUUID(),
      name: hostName,
      hostpass: randomBytes(16).toString('hex'),
      version: 'v0.30.0',
      os: 'linux',
      publickey: wgPublicKey(),
      traffickeypublic: randomBytes(32).toString('base64'),
      listenport: 51821,
      endpointip: '203.0.113.77',
      interfaces: [{ name: 'eth0', addressString: '192.168.1.77/24' }],
      firewallinuse: 'none',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
}

test.describe('remote access', () => {
  test('when an admin makes a gateway and a client in the console, then its config and QR show, it can be disabled and deleted', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const token = await readToken(page);
    await arrangeNetworkWithHost(page.request, token);

    await page.goto(`/networks/${networkId}/remote-access`);
    await expect(page.getByRole('heading', { level: 1, name: 'Remote Access', exact: true })).toBeVisible();

    // Gateway: pick the Linux host in the add-gateway dialog.
    await page.getByRole('button', { name: 'Create gateway' }).click();
    const addGateway = page.getByRole('dialog', { name: 'Add remote access gateway' });
    await addGateway.getByRole('radio', { name: `Choose ${hostName}` }).click();
    await expect(addGateway.getByText('Selected host details')).toBeVisible();
    await addGateway.getByRole('textbox', { name: /Default client DNS/ }).fill('1.1.1.1');
    await addGateway.getByRole('button', { name: 'Create gateway' }).click();
    await expect(addGateway).toHaveCount(0);
    const gateways = page.getByRole('table', { name: 'Remote-access gateways' });
    await expect(gateways.getByRole('row').filter({ hasText: hostName })).toBeVisible();
    await expect(gateways.getByText('1.1.1.1')).toBeVisible();

    // Client: the only gateway is preselected.
    await page.getByRole('button', { name: 'Create config' }).click();
    const createClient = page.getByRole('dialog', { name: 'Create client config' });
    await createClient.getByRole('textbox', { name: /Client ID/ }).fill('bad id');
    await createClient.getByRole('button', { name: 'Create config' }).click();
    await expect(createClient.getByText('The client id should not have spaces')).toBeVisible();
    await createClient.getByRole('textbox', { name: /Client ID/ }).fill(clientId);
    await createClient.getByRole('button', { name: 'Create config' }).click();
    await expect(createClient).toHaveCount(0);
    const clients = page.getByRole('table', { name: 'Client configs' });
    const row = clients.getByRole('row').filter({ hasText: clientId });
    await expect(row).toBeVisible();
    await expect(row.getByText(hostName)).toBeVisible();

    // Config: the wg-quick text, its download as <clientid>.conf, and the QR image.
    await row.getByRole('button', { name: `Actions for client ${clientId}` }).click();
    await page.getByRole('menuitem', { name: 'View config' }).click();
    const config = page.getByRole('dialog', { name: `Config of ${clientId}` });
    const text = config.getByLabel('WireGuard config');
    await expect(text).toContainText('[Interface]');
    await expect(text).toContainText('[Peer]');
    await expect(text).toContainText('Endpoint = 203.0.113.77');
    const download = page.waitForEvent('download');
    await config.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`${clientId}.conf`);
    await config.getByRole('tab', { name: 'QR code' }).click();
    const qr = config.getByRole('img', { name: `QR code of the config of ${clientId}` });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(config).toHaveCount(0);

    // Enabled switch: off in the console, off on the server. A reload first: the page must also show the
    // client from a cold start, and no toast or closing menu lies over the row.
    await page.reload();
    const enabled = row.getByRole('switch', { name: `Enable ${clientId}` });
    await expect(enabled).toBeChecked();
    // The input itself is visually hidden: click its label (the visible track) like a user, so Playwright waits
    // until nothing (the start-up splash after the reload, a toast) lies over it; a forced click hit the splash.
    await enabled.locator('xpath=..').click();
    await expect(enabled).not.toBeChecked();
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/extclients/${networkId}/${clientId}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { enabled: boolean }).enabled;
      })
      .toBe(false);

    // Delete with confirmation.
    await row.getByRole('button', { name: `Actions for client ${clientId}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete client' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});
