import { createCipheriv, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  PAYLOAD_CIPHER,
  PAYLOAD_NONCE_BYTES,
  metricsTopic,
  payloadKeyFromTrafficKey,
  type MetricsReport,
  type RegisterResponse,
} from '@meshdeck/contracts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

// A name of its own per attempt, so a retry does not meet the network the first attempt made.
const NET = `graph-${Date.now().toString(36)}`;

/** A host joined as an agent joins, with what it needs to report metrics: its broker account and traffic key. */
interface Agent {
  name: string;
  nodeId: string;
  trafficKey: string;
  config: RegisterResponse['server_config'];
  client?: MqttClient;
}

async function joinHosts(request: APIRequestContext, token: string, names: string[]): Promise<Agent[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const network = await request.post('/api/networks', {
    headers,
    data: { netid: NET, addressrange: `100.97.${100 + (Date.now() % 100)}.0/24` },
  });
  expect(network.ok(), await network.text()).toBe(true);
  const key = await request.post('/api/v1/enrollment-keys', {
    headers,
    data: {
      tags: [`key-${NET}`],
      networks: [NET],
      unlimited: true,
      uses_remaining: 0,
      expiration: 0,
      type: 0,
    },
  });
  expect(key.ok(), await key.text()).toBe(true);
  const joinToken = ((await key.json()) as { token: string }).token;
  const agents: Agent[] = [];
  for (const [i, name] of names.entries()) {
    const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
    const trafficKey = randomBytes(32).toString('base64');
    const registered = await request.post(`/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
      data: {
        id: randomUUID(),
        name,
        hostpass: randomBytes(16).toString('hex'),
        version: 'v0.30.0',
        os: 'linux',
        publickey: Buffer.from(jwk.x ?? '', 'base64url').toString('base64'),
        traffickeypublic: trafficKey,
        listenport: 51821 + i,
        endpointip: `203.0.113.${40 + i}`,
        interfaces: [],
        firewallinuse: 'none',
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const body = (await registered.json()) as RegisterResponse;
    agents.push({ name, nodeId: body.nodes[0]!.id, trafficKey, config: body.server_config });
  }
  return agents;
}

/** Publishes a node's metrics as its agent does: sealed with the host's traffic key, on the node's topic. */
async function report(agent: Agent, peers: MetricsReport['peers']) {
  agent.client ??= await mqtt.connectAsync(agent.config.Broker, {
    username: agent.config.MQUserName,
    password: agent.config.MQPassword,
    reconnectPeriod: 0,
  });
  const body: MetricsReport = {
    node_id: agent.nodeId,
    network: NET,
    collected_at: Date.now(),
    agent_uptime_s: 60,
    peers,
  };
  const nonce = randomBytes(PAYLOAD_NONCE_BYTES);
  const cipher = createCipheriv(PAYLOAD_CIPHER, payloadKeyFromTrafficKey(agent.trafficKey)!, nonce);
  const sealed = Buffer.concat([
    nonce,
    cipher.update(gzipSync(JSON.stringify(body))),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  await agent.client.publishAsync(metricsTopic(agent.config.Server, agent.nodeId), sealed, { qos: 1 });
}

const peer = (to: Agent, reachable: boolean, latency = 12): MetricsReport['peers'][number] => ({
  peer: to.nodeId,
  reachable,
  ...(reachable ? { latency_ms: latency } : { reason: 'no_answer' as const }),
  rx_bytes: 1000,
  tx_bytes: 1000,
  path: reachable ? 'direct' : 'none',
});

test.describe('network graph (issue 41)', () => {
  let agents: Agent[] = [];
  test.afterAll(async () => {
    for (const agent of agents) await agent.client?.endAsync();
  });

  test('when an agent reports an unreachable peer, the graph draws the nodes and that problem pair, and a later slow pair joins it live without a reload', async ({
    page,
  }) => {
    await signIn(page);
    agents = await joinHosts(page.request, await readToken(page), ['graph-a', 'graph-b', 'graph-c']);
    const [a, b, c] = agents as [Agent, Agent, Agent];
    await report(a, [peer(b, false), peer(c, true)]);

    await page.goto(`/networks/${NET}/graph`);
    await expect(page.getByRole('heading', { name: 'Graph' })).toBeVisible();
    await expect(page.getByTestId('graph-canvas').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('graph-counts')).toHaveText('3 nodes, 1 edges, 1 problem pairs');
    // Any reload from here on would drop this marker.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    await page.getByRole('combobox', { name: 'Search for a device' }).fill('graph-a');
    await page.getByRole('option', { name: 'graph-a' }).click();
    const details = page.getByTestId('graph-details');
    await expect(details.getByText('1 problem pair')).toBeVisible();
    await expect(details.getByText(/graph-b\s+unreachable · no answer through the tunnel/)).toBeVisible();
    await expect(details.getByRole('link', { name: "Open the node's page" })).toBeVisible();

    // The pair to graph-c turns slow: the server announces it on the change stream and the open graph re-reads.
    await report(a, [peer(b, false), peer(c, true, 620)]);
    await expect(page.getByTestId('graph-counts')).toHaveText('3 nodes, 2 edges, 2 problem pairs');
    await expect(details.getByText(/graph-c\s+620 ms/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  });
});
