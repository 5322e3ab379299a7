import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAgent } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof gatewayNetwork>>;
let gatewayAgent: Awaited<ReturnType<typeof connectAgent>>;
let meshAgent: Awaited<ReturnType<typeof connectAgent>>;
beforeEach(async () => {
  server = await startTestServer();
  net = await gatewayNetwork(server);
  gatewayAgent = await connectAgent(server, net.gatewayHost);
  meshAgent = await connectAgent(server, net.meshHost);
  await gatewayAgent.client.subscribeAsync(`peers/host/${net.gatewayHost.id}/meshdeck`);
  await meshAgent.client.subscribeAsync(`peers/host/${net.meshHost.id}/meshdeck`);
});
afterEach(async () => {
  await Promise.all([gatewayAgent.client.endAsync(), meshAgent.client.endAsync()]);
  await server.close();
});

const keyBytes = (base64: string) => JSON.stringify([...Buffer.from(base64, 'base64')]);
const entryFor = (payload: any, publicKey: string) =>
  payload.host_peers.find((p: any) => JSON.stringify(p.PublicKey) === keyBytes(publicKey));
const allowed = (entry: any) => entry?.AllowedIPs.map((n: any) => n.IP) ?? [];

describe('peer updates for external clients', () => {
  it('-> a new client becomes a peer of the gateway and reaches the mesh node through the gateway; disable and delete remove it', async () => {
    const created = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
      extraallowedips: ['192.168.50.0/24'],
    });
    const key = created.body.publickey as string;
    const full = await gatewayAgent.waitFor(
      (m) => m.payload.replace_peers === true && !!entryFor(m.payload, key),
      20_000,
    );
    expect(entryFor(full.payload, key)).toMatchObject({ Remove: false, Endpoint: null });
    expect(allowed(entryFor(full.payload, key))).toEqual(['10.10.0.254', '192.168.50.0']);
    const delta = await meshAgent.waitFor(
      (m) => allowed(entryFor(m.payload, net.gatewayHost.publickey)).includes('10.10.0.254'),
      20_000,
    );
    expect(allowed(entryFor(delta.payload, net.gatewayHost.publickey))).toEqual([
      '10.10.0.1',
      '10.10.0.254',
      '192.168.50.0',
    ]);
    gatewayAgent.messages.length = 0;
    meshAgent.messages.length = 0;

    const disabled = await server.request('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { ...created.body, enabled: false },
    });
    expect(disabled.status).toBe(200);
    await gatewayAgent.waitFor((m) => m.payload.replace_peers === true && !entryFor(m.payload, key), 20_000);
    await meshAgent.waitFor((m) => {
      const gw = entryFor(m.payload, net.gatewayHost.publickey);
      return !!gw && !allowed(gw).includes('10.10.0.254');
    }, 20_000);

    await server.request('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { enabled: true },
    });
    await gatewayAgent.waitFor((m) => m.payload.replace_peers === true && !!entryFor(m.payload, key), 20_000);
    gatewayAgent.messages.length = 0;
    expect(
      (await server.request('DELETE', '/api/extclients/office/laptop-1', { token: net.token })).status,
    ).toBe(200);
    await gatewayAgent.waitFor((m) => m.payload.replace_peers === true && !entryFor(m.payload, key), 20_000);
  }, 90_000);

  it('-> deleteingress removes the clients with the gateway role, and the gateway pull no longer lists them', async () => {
    const created = await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'laptop-1',
    });
    const before = await server.request<any>('GET', '/api/v1/host', { token: net.gatewayHost.hostToken });
    expect(entryFor({ host_peers: before.body.peers }, created.body.publickey)).toMatchObject({
      Remove: false,
    });
    const removed = await server.request<any>(
      'DELETE',
      `/api/nodes/office/${net.gatewayNode}/deleteingress`,
      { token: net.token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.isingressgateway).toBe(false);
    expect((await server.request<any[]>('GET', '/api/extclients/office', { token: net.token })).body).toEqual(
      [],
    );
    const pull = await server.request<any>('GET', '/api/v1/host', { token: net.gatewayHost.hostToken });
    expect(pull.status).toBe(200);
    expect(entryFor({ host_peers: pull.body.peers }, created.body.publickey)).toBeUndefined();
  }, 60_000);
});
