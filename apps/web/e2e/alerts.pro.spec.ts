import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { arrangeNetwork } from './access-helpers.ts';
import { signIn } from './helpers.ts';
import { apiLogin } from './shell-helpers.ts';

const SUPER = { username: 'pro-admin', password: 'pro-secret-password' };
const suffix = Date.now().toString(36);
const networkId = `e2e-alert-${suffix}`;
const [watched, other] = [`alert-a-${suffix}`, `alert-b-${suffix}`];

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: { event: string; subject: { id: string; name: string } };
}
/** A webhook receiver on loopback, as an operator's would be: keeps every call, answers 204. */
let receiver: Server;
const deliveries: Delivery[] = [];
let token = '';

test.beforeAll(async ({ request }) => {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false) {
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SUPER })).status()).toBe(200);
  }
  token = await apiLogin(request, SUPER.username, SUPER.password);
  await arrangeNetwork(request, token, networkId, [watched, other]);
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, text, body: JSON.parse(text) as Delivery['body'] });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function nodesOf(request: APIRequestContext, network?: string) {
  const response = await request.get(network ? `/api/nodes/${network}` : '/api/nodes', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>[];
}

/** The dashboard's node figures, read off the page. */
async function dashboardFigures(page: Page) {
  const figure = async (label: string) => Number(await page.getByTestId(`mesh-${label}`).textContent());
  return {
    healthy: await figure('Healthy'),
    unstable: await figure('Unstable'),
    offline: await figure('Offline or failing'),
  };
}

test.describe('alert rules', () => {
  test('when an admin adds a node-offline rule in the console and the node is disconnected, then it fires live on the page, the receiver gets one signed webhook, and the dashboard counts equal the server', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const hosts = (await (
      await request.get('/api/hosts', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { id: string; name: string }[];
    const hostId = hosts.find((h) => h.name === watched)!.id;
    const watchedNode = (await nodesOf(request, networkId)).find((n) => n.hostid === hostId)!;

    await signIn(page, SUPER.username, SUPER.password);
    await page.goto(`/networks/${networkId}/alerts`);
    await page.getByRole('button', { name: 'Add rule' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add alert rule' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('watched down');
    await dialog.getByLabel('Node', { exact: true }).click();
    await page.getByRole('option', { name: watched }).click();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/meshdeck`;
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret of watched down' });
    const secret = (await secretDialog.getByText(/^mdwh_/).textContent())?.trim() ?? '';
    expect(secret).toMatch(/^mdwh_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const rules = page.getByRole('table', { name: 'Alert rules' });
    await expect(rules.getByRole('row').filter({ hasText: 'watched down' })).toBeVisible();

    // The node is disconnected (as the nodes page's switch does): offline at once, and the rule fires.
    const put = await request.put(`/api/nodes/${networkId}/${String(watchedNode.id)}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...watchedNode, connected: false },
    });
    expect(put.ok(), await put.text()).toBe(true);
    const firing = page.getByRole('table', { name: 'Firing now' });
    await expect(firing.getByRole('row').filter({ hasText: watched })).toBeVisible({ timeout: 30_000 });
    await expect(rules.getByRole('row').filter({ hasText: 'watched down' })).toContainText('1 firing');

    await expect.poll(() => deliveries.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const [call] = deliveries;
    const timestamp = String(call!.headers['x-meshdeck-timestamp']);
    const mac = createHmac('sha256', secret).update(`${timestamp}.${call!.text}`).digest('hex');
    expect(call!.headers['x-meshdeck-signature']).toBe(`sha256=${mac}`);
    expect(call!.body).toMatchObject({ event: 'alert.firing', subject: { name: watched } });

    // The dashboard's figures are the server's node statuses (every network of this server), live.
    await page.goto('/dashboard');
    await expect(async () => {
      const statuses = (await nodesOf(request)).map((n) => n.status);
      const count = (...of: string[]) => statuses.filter((s) => of.includes(String(s))).length;
      expect(await dashboardFigures(page)).toEqual({
        healthy: count('online'),
        unstable: count('warning'),
        offline: count('offline', 'error'),
      });
    }).toPass({ timeout: 20_000 });
    expect(deliveries).toHaveLength(1);
  });
});
