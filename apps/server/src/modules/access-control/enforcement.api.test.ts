import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type TestHost } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

/**
 * Access control reaches the agents (issue 32): a denied pair gets no allowed IPs for each other, in pushes and
 * pulls, and only the hosts whose reach changed hear about a change.
 */
let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
let agents: Record<string, Awaited<ReturnType<typeof connectAgent>>>;
beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [['a-host'], ['b-host'], ['c-host']], { netid: 'enforce' });
  agents = {};
  for (const [name, host] of Object.entries(net.hosts)) {
    const agent = await connectAgent(server, {
      id: host.hostId,
      body: { traffickeypublic: host.traffickey },
    } as unknown as TestHost);
    await agent.client.subscribeAsync(`peers/host/${host.hostId}/meshdeck`);
    agents[name] = agent;
  }
  await settle();
});
afterAll(async () => {
  await Promise.all(Object.values(agents).map((a) => a.client.endAsync()));
  await server.close();
});

async function settle() {
  await server.app.meshdeck.peerQueue.flush();
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (const agent of Object.values(agents)) agent.messages.length = 0;
}
const node = (name: string) => net.hosts[name]!.node;
const keyBytes = (name: string) => JSON.stringify([...Buffer.from(net.hosts[name]!.publickey, 'base64')]);
const entryFor = (peers: any[], name: string) =>
  peers.find((p) => JSON.stringify(p.PublicKey) === keyBytes(name));
const pull = async (name: string) =>
  (await server.request<any>('GET', '/api/v1/host', { token: net.hosts[name]!.hostToken })).body
    .peers as any[];
const matrix = (a: string, b: string, value: 1 | 2) =>
  server.request<any>('PUT', '/api/networks/enforce/acls', {
    token: net.token,
    body: { [node(a)]: { [node(b)]: value } },
  });

describe('enforcement in peer computation', () => {
  it('-> a denied pair loses each other in pushes and pulls; the third host hears nothing; allowing restores it', async () => {
    expect(entryFor(await pull('a-host'), 'b-host')).toBeDefined();
    expect((await matrix('a-host', 'b-host', 1)).status).toBe(200);
    await server.app.meshdeck.peerQueue.flush();
    const toA = await agents['a-host']!.waitFor(
      (m) => entryFor(m.payload.host_peers, 'b-host')?.Remove === true,
    );
    expect(toA.payload.replace_peers).toBe(false);
    // Only the changed pair travels: a's delta holds b alone.
    expect(toA.payload.host_peers).toHaveLength(1);
    await agents['b-host']!.waitFor((m) => entryFor(m.payload.host_peers, 'a-host')?.Remove === true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(agents['c-host']!.messages).toEqual([]);
    expect(entryFor(await pull('a-host'), 'b-host')).toBeUndefined();
    expect(entryFor(await pull('a-host'), 'c-host')).toBeDefined();
    expect(entryFor(await pull('c-host'), 'b-host')).toBeDefined();

    await settle();
    await matrix('a-host', 'b-host', 2);
    await server.app.meshdeck.peerQueue.flush();
    const back = await agents['a-host']!.waitFor(
      (m) => entryFor(m.payload.host_peers, 'b-host')?.Remove === false,
    );
    expect(entryFor(back.payload.host_peers, 'b-host').AllowedIPs.map((n: any) => n.IP)).toContain(
      net.hosts['b-host']!.address,
    );
    expect(entryFor(await pull('b-host'), 'a-host')).toBeDefined();
  });

  it('-> turning the default policy off empties every list; a policy between two nodes opens that pair only', async () => {
    await settle();
    const acls = (await server.request<any>('GET', '/api/v1/acls?network=enforce', { token: net.token })).body
      .Response;
    const allNodes = acls.find((a: any) => a.id === 'enforce.all-nodes');
    const off = await server.request<any>('PUT', '/api/v1/acls', {
      token: net.token,
      body: { ...allNodes, enabled: false },
    });
    expect(off.status).toBe(200);
    await server.app.meshdeck.peerQueue.flush();
    for (const name of ['a-host', 'b-host', 'c-host']) expect(await pull(name)).toEqual([]);
    await agents['c-host']!.waitFor((m) => entryFor(m.payload.host_peers, 'a-host')?.Remove === true);

    await settle();
    const created = await server.request<any>('POST', '/api/v1/acls', {
      token: net.token,
      body: {
        name: 'a and c',
        network_id: 'enforce',
        policy_type: 'device-policy',
        src_type: [{ id: 'device', value: node('a-host') }],
        dst_type: [{ id: 'device', value: node('c-host') }],
        allowed_traffic_direction: 1,
        enabled: true,
      },
    });
    expect(created.status).toBe(200);
    await server.app.meshdeck.peerQueue.flush();
    expect(entryFor(await pull('a-host'), 'c-host')).toBeDefined();
    expect(entryFor(await pull('a-host'), 'b-host')).toBeUndefined();
    await agents['c-host']!.waitFor((m) => entryFor(m.payload.host_peers, 'a-host')?.Remove === false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(agents['b-host']!.messages).toEqual([]);
  });

  it('-> port-limited pairs carry allowed_inbound; a host change reaches each receiver as its own access sees it', async () => {
    await settle();
    const tag = await server.request<any>('POST', '/api/v1/tags', {
      token: net.token,
      body: { tag_name: 'alpha', network: 'enforce', tagged_nodes: [{ id: node('a-host') }] },
    });
    expect(tag.status).toBe(200);
    const https = await server.request<any>('POST', '/api/v1/acls', {
      token: net.token,
      body: {
        name: 'alpha and b on https',
        network_id: 'enforce',
        policy_type: 'device-policy',
        src_type: [{ id: 'tag', value: 'enforce.alpha' }],
        dst_type: [{ id: 'device', value: node('b-host') }],
        allowed_traffic_direction: 1,
        enabled: true,
        type: 'HTTPS',
      },
    });
    expect(https.status).toBe(200);
    await server.app.meshdeck.peerQueue.flush();
    const pulled = (
      await server.request<any>('GET', '/api/v1/host', { token: net.hosts['a-host']!.hostToken })
    ).body;
    const ids = pulled.peer_ids as Record<string, any>;
    expect(ids[net.hosts['b-host']!.publickey].allowed_inbound).toEqual(['tcp/443']);
    expect(ids[net.hosts['c-host']!.publickey].allowed_inbound).toBeUndefined();

    // b changes its port: a hears b (allowed), c hears b removed (denied), never the same body for both.
    await settle();
    const moved = await server.request('PUT', `/api/hosts/${net.hosts['b-host']!.hostId}`, {
      token: net.token,
      body: { listenport: 51999 },
    });
    expect(moved.status).toBe(200);
    await server.app.meshdeck.peerQueue.flush();
    const toA = await agents['a-host']!.waitFor(
      (m) => entryFor(m.payload.host_peers, 'b-host') !== undefined,
    );
    expect(entryFor(toA.payload.host_peers, 'b-host').Remove).toBe(false);
    expect(toA.payload.peerids[net.hosts['b-host']!.publickey].allowed_inbound).toEqual(['tcp/443']);
    const toC = await agents['c-host']!.waitFor(
      (m) => entryFor(m.payload.host_peers, 'b-host') !== undefined,
    );
    expect(entryFor(toC.payload.host_peers, 'b-host').Remove).toBe(true);
  });

  it('-> a network switched to default DENY tells its hosts at once: each loses the others', async () => {
    const flip = await routingNetwork(server, [['f-one'], ['f-two']], {
      netid: 'flip',
      token: net.token,
      range: '10.24.0.0/24',
      range6: 'fd24::/64',
    });
    const one = flip.hosts['f-one']!;
    const agent = await connectAgent(server, {
      id: one.hostId,
      body: { traffickeypublic: one.traffickey },
    } as unknown as TestHost);
    try {
      await agent.client.subscribeAsync(`peers/host/${one.hostId}/meshdeck`);
      await server.app.meshdeck.peerQueue.flush();
      agent.messages.length = 0;
      const updated = await server.request('PUT', '/api/networks/flip', {
        token: net.token,
        body: { netid: 'flip', defaultacl: 'no' },
      });
      expect(updated.status).toBe(200);
      const key = JSON.stringify([...Buffer.from(flip.hosts['f-two']!.publickey, 'base64')]);
      const delta = await agent.waitFor((m) =>
        (m.payload.host_peers as any[]).some((p) => JSON.stringify(p.PublicKey) === key && p.Remove === true),
      );
      expect(delta.payload.replace_peers).toBe(false);
    } finally {
      await agent.client.endAsync();
    }
  });
});
