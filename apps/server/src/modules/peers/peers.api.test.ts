import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectAgent,
  createKey,
  hostBody,
  registerFleet,
  registerHost,
} from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let fleet: Awaited<ReturnType<typeof registerFleet>>;
let agents: Awaited<ReturnType<typeof connectAgent>>[];
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
  fleet = await registerFleet(server, token, ['office'], ['alpha', 'beta']);
  agents = [];
  for (const host of fleet) {
    const agent = await connectAgent(server, host);
    await agent.client.subscribeAsync(`peers/host/${host.id}/meshdeck`);
    agents.push(agent);
  }
  await drainRegistrationUpdates();
});

const MARKER_PORT = 51999;
/**
 * A barrier instead of a pause, so each test sees only its own updates: the registrations' batch may still be
 * pending (batches are coalesced for up to 500 ms). Batches go out in order, so once both agents got the update
 * of a marker change made after the registrations (alpha's new port), nothing older can follow; what came before
 * is dropped.
 */
async function drainRegistrationUpdates() {
  const alpha = fleet[0];
  const updated = await server.request('PUT', `/api/hosts/${alpha!.id}`, {
    token,
    body: { listenport: MARKER_PORT },
  });
  expect(updated.status).toBe(200);
  await agents[0]!.waitFor(
    (m) => m.payload.replace_peers === true && m.payload.host?.listenport === MARKER_PORT,
  );
  await agents[1]!.waitFor((m) => entryFor(m.payload, alpha!.publickey)?.Endpoint?.Port === MARKER_PORT);
  for (const agent of agents) agent.messages.length = 0;
}
afterEach(async () => {
  await Promise.all(agents.map((a) => a.client.endAsync()));
  await server.close();
});

const keyBytes = (base64: string) => JSON.stringify([...Buffer.from(base64, 'base64')]);
const entryFor = (payload: any, publicKey: string) =>
  payload.host_peers.find((p: any) => JSON.stringify(p.PublicKey) === keyBytes(publicKey));

describe('peer updates on peers/host/<id>/<server>', () => {
  it('-> when a host joins, every other member gets a delta with its entry and the new host gets its full list', async () => {
    const key = await createKey(server, token, { tags: ['late'], networks: ['office'] });
    const gamma = hostBody('gamma', { endpointip: '198.51.100.3' });
    const gammaAgent = await connectAgent(server, gamma).catch(() => undefined);
    expect(gammaAgent).toBeUndefined(); // not registered yet: the broker refuses it
    await registerHost(server, key.token, gamma);
    for (const agent of agents) {
      const { payload } = await agent.waitFor(
        (m) => m.payload.replace_peers === false && !!entryFor(m.payload, gamma.publickey),
      );
      expect(entryFor(payload, gamma.publickey)).toMatchObject({
        Remove: false,
        AllowedIPs: [{ IP: '10.10.0.3', Mask: '/////w==' }],
        Endpoint: { IP: '198.51.100.3', Port: 51821, Zone: '' },
      });
      expect(payload.host_peers).toHaveLength(1);
    }
    const mine = await connectAgent(server, gamma);
    agents.push(mine);
    const pull = await server.request('GET', '/api/v1/host', {
      token: (
        await server.request('POST', '/api/hosts/adm/authenticate', {
          body: { id: gamma.id, password: gamma.hostpass },
        })
      ).body.Response.AuthToken,
    });
    expect(pull.body.peers).toHaveLength(2);
  });

  it('-> when a host leaves the network, the others get a removal entry for its key', async () => {
    const [alpha, beta] = fleet;
    const response = await server.request('DELETE', `/api/hosts/${beta!.id}/networks/office?force=true`, {
      token,
    });
    expect(response.status).toBe(200);
    const { payload } = await agents[0]!.waitFor(
      (m) => entryFor(m.payload, beta!.publickey)?.Remove === true,
    );
    expect(entryFor(payload, beta!.publickey)).toMatchObject({ Remove: true, AllowedIPs: [] });
    // The leaving host gets its own, now empty, full list.
    const own = await agents[1]!.waitFor((m) => m.payload.replace_peers === true);
    expect(own.payload.host_peers).toEqual([]);
    expect(own.payload.host.id).toBe(beta!.id);
    expect(agents[0]!.messages.every((m) => m.topic === `peers/host/${alpha!.id}/meshdeck`)).toBe(true);
  });

  it('-> when a host is deleted, the others get a removal entry for its key', async () => {
    const beta = fleet[1]!;
    await server.request('DELETE', `/api/hosts/${beta.id}?force=true`, { token });
    await agents[0]!.waitFor((m) => entryFor(m.payload, beta.publickey)?.Remove === true);
  });
});

describe('broker access for agents', () => {
  it('-> a wrong password is refused', async () => {
    const alpha = fleet[0]!;
    await expect(
      mqtt.connectAsync(server.app.meshdeck.broker.publicUrl, {
        username: alpha.id,
        password: 'wrong',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow();
  });

  it("-> an agent cannot subscribe to another host's peer topic (failure SUBACK) or to everything", async () => {
    const [alpha, beta] = fleet;
    const client = agents[0]!.client;
    await expect(client.subscribeAsync(`peers/host/${beta!.id}/meshdeck`)).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync('#')).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync(`node/update/office/${beta!.nodes[0]!.id}`)).rejects.toThrow(
      /Subscribe error/,
    );
    const granted = await client.subscribeAsync(`node/update/office/${alpha!.nodes[0]!.id}`);
    expect(granted.map((g) => g.qos)).toEqual([0]);
  });
});
