import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

const suffix = Date.now().toString(36);
/** Relays and internet gateways are Pro pages (spec §2): that part runs on the Pro server of playwright.config.ts. */
const proPort = Number(process.env.E2E_PRO_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 1);
const PRO_ADMIN = { username: 'pro-admin', password: 'pro-secret-password' };

/** A fresh x25519 public key in base64, as an agent would send. */
function wgPublicKey(): string {
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url').toString('base64');
}

interface Joined {
  hostId: string;
  hostToken: string;
}

/**
 * A network with the given Linux hosts, arranged through the API as an admin and agents do it (network, key,
 * host registration with nftables, as a gateway needs); returns each host's id and agent token by name.
 */
async function arrangeNetwork(
  request: APIRequestContext,
  token: string,
  networkId: string,
  names: string[],
): Promise<Record<string, Joined>> {
  const headers = { Authorization: `Bearer ${token}` };
  const third = 100 + (Date.now() % 100);
  const network = await request.post('/api/networks', {
    headers,
    data: { netid: networkId, addressrange: `100.98.${third}.0/24` },
  });
  expect(network.ok(), await network.text()).toBe(true);
  const key = await request.post('/api/v1/enrollment-keys', {
    headers,
    data: {
      tags: [`${networkId}-key`],
      networks: [networkId],
      unlimited: true,
      uses_remaining: 0,
      expiration: 0,
      type: 0,
    },
  });
  expect(key.ok(), await key.text()).toBe(true);
  const joinToken = ((await key.json()) as { token: string }).token;
  const joined: Record<string, Joined> = {};
  for (const [index, name] of names.entries()) {
    const hostId = randomUUID();
    const registered = await request.post(`/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
      data: {
        id: hostId,
        name,
        hostpass: randomBytes(16).toString('hex'),
        version: 'v0.30.0',
        os: 'linux',
        publickey: wgPublicKey(),
        traffickeypublic: randomBytes(32).toString('base64'),
        listenport: 51821,
        endpointip: `203.0.113.${10 + index}`,
        interfaces: [{ name: 'eth0', addressString: `192.168.${10 + index}.2/24` }],
        firewallinuse: 'nftables',
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    joined[name] = { hostId, hostToken: ((await registered.json()) as { auth_token: string }).auth_token };
  }
  return joined;
}

/** The node id of a host in a network, as the console list shows it. */
async function nodeIdOf(request: APIRequestContext, token: string, networkId: string, hostId: string) {
  const nodes = (await (
    await request.get(`/api/nodes/${networkId}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: string; hostid: string }[];
  const node = nodes.find((item) => item.hostid === hostId);
  if (!node) throw new Error(`no node of host ${hostId} in ${networkId}`);
  return node.id;
}

/** Picks `option` in the Mantine select or multi-select labelled `label` inside `dialog`. */
async function choose(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, option: string) {
  await dialog.getByLabel(label).click();
  await page.getByRole('option', { name: new RegExp(option) }).click();
  // A multi-select stays open for more choices (its list would cover the buttons): close it as a user does, by
  // clicking elsewhere in the dialog. A single select has closed already.
  await dialog.getByRole('heading').click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.describe('routing on a community server: egress', () => {
  const networkId = `e2e-eg-${suffix}`;
  const routerA = `rtr-a-${suffix}`;
  const routerB = `rtr-b-${suffix}`;
  const laptop = `lap-${suffix}`;

  test('when an admin creates an egress gateway with two ranges, then the tables show it, follow a second gateway made elsewhere live, show the active router an agent reports, and it can be removed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const token = await readToken(page);
    const hosts = await arrangeNetwork(page.request, token, networkId, [routerA, routerB, laptop]);

    await page.goto(`/networks/${networkId}/egress`);
    await expect(page.getByText('No egress gateways yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create egress' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create egress gateway' });
    await choose(page, dialog, 'Gateway host', routerA);
    await dialog.getByRole('textbox', { name: 'Range 1', exact: true }).fill('192.168.77.0/24');
    await dialog.getByRole('button', { name: 'Add range' }).click();
    await dialog.getByRole('textbox', { name: 'Range 2', exact: true }).fill('10.77.0.0/16');
    await dialog.getByRole('button', { name: 'Create egress' }).click();
    await expect(dialog).toHaveCount(0);

    const gateways = page.getByRole('table', { name: 'Egress gateways' });
    const routes = page.getByRole('table', { name: 'External routes' });
    await expect(gateways.getByRole('row', { name: new RegExp(routerA) })).toBeVisible();
    await expect(routes.getByRole('row', { name: /192\.168\.77\.0\/24/ })).toHaveCount(1);
    await expect(routes.getByRole('row', { name: /10\.77\.0\.0\/16/ })).toHaveCount(1);

    // A second gateway for the same range, made through the API: the open page shows it without a reload.
    const headers = { Authorization: `Bearer ${token}` };
    const nodeB = await nodeIdOf(page.request, token, networkId, hosts[routerB]!.hostId);
    const second = await page.request.post(`/api/nodes/${networkId}/${nodeB}/creategateway`, {
      headers,
      data: { ranges_with_metric: [{ network: '192.168.77.0/24', route_metric: 20, nat: true }] },
    });
    expect(second.ok(), await second.text()).toBe(true);
    await expect(gateways.getByRole('row', { name: new RegExp(routerB) })).toBeVisible();
    await expect(routes.getByRole('row', { name: /192\.168\.77\.0\/24/ })).toHaveCount(2);

    // The laptop's agent reports that it routes the range through router A and why (its own host token).
    const report = await page.request.put(`/api/v1/host/${hosts[laptop]!.hostId}/routing_status`, {
      headers: { Authorization: `Bearer ${hosts[laptop]!.hostToken}` },
      data: {
        at: new Date().toISOString(),
        firewall: { tool: 'nftables' },
        ranges: [
          {
            range: '192.168.77.0/24',
            router: routerA,
            via: routerA,
            routers: 2,
            reason: 'lowest metric (256 < 20 unreachable)',
          },
        ],
        shadowed: [],
        internet: null,
        roles: [],
      },
    });
    expect(report.ok(), await report.text()).toBe(true);
    const active = routes.getByRole('row', { name: new RegExp(`192\\.168\\.77\\.0/24.*${routerA}`) });
    await expect(active.getByText('Active for 1 host')).toBeVisible({ timeout: 20_000 });
    await expect(
      routes.getByRole('row', { name: new RegExp(`192\\.168\\.77\\.0/24.*${routerB}`) }).getByText('Standby'),
    ).toBeVisible();
    const routers = page.getByRole('table', { name: 'Active router per host' });
    await expect(routers.getByRole('row', { name: new RegExp(laptop) })).toContainText('lowest metric');

    // Remove router A's gateway in the console: its row and its ranges go.
    await gateways.getByRole('button', { name: `Actions for ${routerA}` }).click();
    await page.getByRole('menuitem', { name: 'Remove egress gateway' }).click();
    await page
      .getByRole('dialog', { name: 'Remove egress gateway' })
      .getByRole('button', { name: 'Remove egress gateway' })
      .click();
    await expect(gateways.getByRole('row', { name: new RegExp(routerA) })).toHaveCount(0);
    await expect(routes.getByRole('row', { name: /10\.77\.0\.0\/16/ })).toHaveCount(0);
    await expect(routes.getByRole('row', { name: /192\.168\.77\.0\/24/ })).toHaveCount(1);
  });
});

test.describe('routing on a Pro server: relays and internet gateways', () => {
  test.use({ baseURL: `http://127.0.0.1:${proPort}` });
  const networkId = `e2e-rl-${suffix}`;
  const relay = `relay-${suffix}`;
  const far = `far-${suffix}`;
  const exit = `exit-${suffix}`;
  const laptop = `lap-${suffix}`;

  test.beforeAll(async ({ request }) => {
    if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false)
      expect((await request.post('/api/users/adm/createsuperadmin', { data: PRO_ADMIN })).status()).toBe(200);
  });

  test('when an admin creates and removes a relay and an internet gateway in the console, then the tables follow each change, including one made elsewhere', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, PRO_ADMIN.username, PRO_ADMIN.password);
    const token = await readToken(page);
    const hosts = await arrangeNetwork(page.request, token, networkId, [relay, far, exit, laptop]);

    // Relay: pick the relay host and the node it relays.
    await page.goto(`/networks/${networkId}/relays`);
    await expect(page.getByText('No relays yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create relay' }).click();
    const relayDialog = page.getByRole('dialog', { name: 'Create relay' });
    await choose(page, relayDialog, 'Relay host', relay);
    await choose(page, relayDialog, 'Nodes to relay', far);
    await relayDialog.getByRole('button', { name: 'Create relay' }).click();
    await expect(relayDialog).toHaveCount(0);
    const relays = page.getByRole('table', { name: 'Relays' });
    const relayed = page.getByRole('table', { name: 'Relayed hosts' });
    await expect(relays.getByRole('row', { name: new RegExp(relay) })).toBeVisible();
    await expect(relayed.getByRole('row', { name: new RegExp(`${far}.*${relay}`) })).toBeVisible();

    await relays.getByRole('button', { name: `Actions for ${relay}` }).click();
    await page.getByRole('menuitem', { name: 'Remove relay' }).click();
    await page
      .getByRole('dialog', { name: 'Remove relay' })
      .getByRole('button', { name: 'Remove relay' })
      .click();
    await expect(page.getByText('No relays yet')).toBeVisible();

    // Internet gateway: the exit host with the laptop connected.
    await page.goto(`/networks/${networkId}/internet-gateways`);
    await expect(page.getByText('No internet gateways yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create internet gateway' }).click();
    const inetDialog = page.getByRole('dialog', { name: 'Create internet gateway' });
    await choose(page, inetDialog, 'Gateway host', exit);
    await choose(page, inetDialog, 'Nodes to connect', laptop);
    await inetDialog.getByRole('button', { name: 'Create internet gateway' }).click();
    await expect(inetDialog).toHaveCount(0);
    const gateways = page.getByRole('table', { name: 'Internet gateways' });
    const clients = page.getByRole('table', { name: 'Connected hosts' });
    await expect(gateways.getByRole('row', { name: new RegExp(exit) })).toBeVisible();
    await expect(clients.getByRole('row', { name: new RegExp(`${laptop}.*${exit}`) })).toBeVisible();

    // Another admin connects the far host through the API: the open page shows it without a reload.
    const headers = { Authorization: `Bearer ${token}` };
    const exitNode = await nodeIdOf(page.request, token, networkId, hosts[exit]!.hostId);
    const ids = [
      await nodeIdOf(page.request, token, networkId, hosts[laptop]!.hostId),
      await nodeIdOf(page.request, token, networkId, hosts[far]!.hostId),
    ];
    const put = await page.request.put(`/api/nodes/${networkId}/${exitNode}/inet_gw`, {
      headers,
      data: { inet_node_client_ids: ids },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await expect(clients.getByRole('row', { name: new RegExp(`${far}.*${exit}`) })).toBeVisible();

    await gateways.getByRole('button', { name: `Actions for ${exit}` }).click();
    await page.getByRole('menuitem', { name: 'Remove internet gateway' }).click();
    await page
      .getByRole('dialog', { name: 'Remove internet gateway' })
      .getByRole('button', { name: 'Remove internet gateway' })
      .click();
    await expect(page.getByText('No internet gateways yet')).toBeVisible();
  });
});
