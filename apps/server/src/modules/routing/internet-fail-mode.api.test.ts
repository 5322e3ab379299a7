import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAgent, type TestHost } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [['exit', { firewallinuse: 'nftables' }], ['laptop'], ['desk']]);
});
afterEach(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const network = async () =>
  (await server.request<any>('GET', `/api/networks/${net.netid}`, { token: net.token })).body;
const setMode = (mode: unknown) =>
  server.request<any>('PUT', `/api/networks/${net.netid}`, {
    token: net.token,
    body: { ...{ netid: net.netid }, internetfailmode: mode },
  });
const pull = async (name: string) =>
  (await server.request<any>('GET', '/api/v1/host', { token: net.hosts[name]!.hostToken })).body;

describe('network setting internetfailmode (issue 31)', () => {
  it('-> a new network fails closed; PUT sets open and keeps every other setting; POST may set it at creation', async () => {
    const before = await network();
    expect(before.internetfailmode).toBe('closed');
    const updated = await setMode('open');
    expect(updated.status).toBe(200);
    expect(updated.body.internetfailmode).toBe('open');
    const after = await network();
    expect(after).toEqual({
      ...before,
      internetfailmode: 'open',
      networklastmodified: after.networklastmodified,
    });
    const created = await server.request<any>('POST', '/api/networks', {
      token: net.token,
      body: { netid: 'branch', addressrange: '10.30.0.0/24', internetfailmode: 'open' },
    });
    expect(created.status).toBe(200);
    expect(created.body.internetfailmode).toBe('open');
  });

  it.each([['sideways'], [true], [3]])(
    '-> PUT with internetfailmode %j is a 400 naming the field and stores nothing',
    async (mode) => {
      await setMode('open');
      const refused = await setMode(mode);
      expect(refused.status).toBe(400);
      expect(refused.body.Message).toContain('internetfailmode must be "closed" or "open"');
      expect((await network()).internetfailmode).toBe('open');
    },
  );

  it("-> an internet-gateway client's pull carries its network's mode; other hosts' pulls carry none", async () => {
    const made = await server.request('POST', `/api/nodes/${net.netid}/${node('exit')}/inet_gw`, {
      token: net.token,
      body: { inet_node_client_ids: [node('laptop')] },
    });
    expect(made.status).toBe(200);
    expect(await pull('laptop')).toMatchObject({ change_default_gw: true, inet_fail_mode: 'closed' });
    await setMode('open');
    expect((await pull('laptop')).inet_fail_mode).toBe('open');
    expect((await pull('desk')).inet_fail_mode).toBeUndefined();
    expect((await pull('exit')).inet_fail_mode).toBeUndefined();
  });

  it("-> changing the mode sends the gateway's clients a peer update with the new mode; other hosts hear no mode", async () => {
    await server.request('POST', `/api/nodes/${net.netid}/${node('exit')}/inet_gw`, {
      token: net.token,
      body: { inet_node_client_ids: [node('laptop')] },
    });
    const agents: Record<string, Awaited<ReturnType<typeof connectAgent>>> = {};
    for (const name of ['laptop', 'desk']) {
      const host = net.hosts[name]!;
      const agent = await connectAgent(server, {
        id: host.hostId,
        body: { traffickeypublic: host.traffickey },
      } as unknown as TestHost);
      await agent.client.subscribeAsync(`peers/host/${host.hostId}/meshdeck`);
      agents[name] = agent;
    }
    try {
      await server.app.meshdeck.peerQueue.flush();
      for (const agent of Object.values(agents)) agent.messages.length = 0;
      expect((await setMode('open')).status).toBe(200);
      const update = await agents.laptop!.waitFor((m) => m.payload.inet_fail_mode === 'open');
      expect(update.payload).toMatchObject({ change_default_gw: true });
      await server.app.meshdeck.peerQueue.flush();
      expect(agents.desk!.messages.filter((m) => m.payload.inet_fail_mode !== undefined)).toEqual([]);
    } finally {
      await Promise.all(Object.values(agents).map((a) => a.client.endAsync()));
    }
  });
});
