import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPayload, payloadKey } from '../../../../packages/agent/src/payload-open.ts';
import { brokerLogin, createKey, registerFleet, registerHost } from '../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
let token: string;
let fleet: Awaited<ReturnType<typeof registerFleet>>;
const clients: MqttClient[] = [];
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.50.0.0/24' });
  fleet = await registerFleet(server, token, ['office'], ['alpha', 'beta']);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await server.close();
});

const connect = async (account: { username: string; password: string }) => {
  const client = await mqtt.connectAsync(server.app.meshdeck.broker.publicUrl, {
    ...account,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
};
const refused = (account: { username: string; password: string }) =>
  expect(connect(account)).rejects.toThrow(/Not authorized|Bad username/);

describe('embedded broker accounts', () => {
  it("-> a host signs in with its own broker account or, like agents of earlier servers, its host password; not with another host's", async () => {
    const [alpha, beta] = fleet;
    await connect(brokerLogin(server, alpha!));
    await connect({ username: alpha!.id, password: alpha!.hostpass });
    await refused({ username: alpha!.id, password: brokerLogin(server, beta!).password });
    await refused({ username: alpha!.id, password: beta!.hostpass });
  });

  it("-> a deleted host's broker account no longer signs in", async () => {
    const beta = fleet[1]!;
    expect((await server.request('DELETE', `/api/hosts/${beta.id}?force=true`, { token })).status).toBe(200);
    await refused(brokerLogin(server, beta));
  });

  it("-> isAgentConnected follows the host's session", async () => {
    const alpha = fleet[0]!;
    const broker = server.app.meshdeck.broker;
    const becomes = async (expected: boolean) => {
      const deadline = Date.now() + 5000;
      while (broker.isAgentConnected(alpha.id) !== expected && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(broker.isAgentConnected(alpha.id)).toBe(expected);
    };
    expect(broker.isAgentConnected(alpha.id)).toBe(false);
    const client = await connect(brokerLogin(server, alpha));
    await becomes(true);
    await client.endAsync(true);
    await becomes(false);
  });

  it("-> a host action (POST /api/hosts/{id}/sync) arrives sealed with the host's traffic key, not as JSON", async () => {
    const alpha = fleet[0]!;
    const client = await connect(brokerLogin(server, alpha));
    const received = new Promise<Buffer>((resolve) =>
      client.once('message', (_topic, payload) => resolve(payload)),
    );
    await client.subscribeAsync(`host/update/${alpha.id}/meshdeck`);
    expect((await server.request('POST', `/api/hosts/${alpha.id}/sync`, { token })).status).toBe(200);
    const payload = await received;
    expect(() => JSON.parse(payload.toString())).toThrow();
    expect(JSON.parse(openPayload(payloadKey(String(alpha.body.traffickeypublic)), payload))).toMatchObject({
      Action: 'REQ_PULL',
      Host: { id: alpha.id },
    });
  });

  it('-> after a host registers again with a new traffic key, its messages are sealed with the new key', async () => {
    const alpha = fleet[0]!;
    const client = await connect(brokerLogin(server, alpha));
    await client.subscribeAsync(`host/update/${alpha.id}/meshdeck`);
    const sync = async () => {
      const received = new Promise<Buffer>((resolve) =>
        client.once('message', (_topic, payload) => resolve(payload)),
      );
      expect((await server.request('POST', `/api/hosts/${alpha.id}/sync`, { token })).status).toBe(200);
      return received;
    };
    const oldKey = payloadKey(String(alpha.body.traffickeypublic));
    expect(JSON.parse(openPayload(oldKey, await sync())).Action).toBe('REQ_PULL');
    const newTrafficKey = randomBytes(32).toString('base64');
    const key = await createKey(server, token, { tags: ['again'], networks: ['office'] });
    await registerHost(server, key.token, {
      ...alpha,
      body: { ...alpha.body, traffickeypublic: newTrafficKey },
    });
    const payload = await sync();
    expect(() => openPayload(oldKey, payload)).toThrow();
    expect(JSON.parse(openPayload(payloadKey(newTrafficKey), payload)).Action).toBe('REQ_PULL');
  });
});
