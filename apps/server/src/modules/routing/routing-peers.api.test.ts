import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAgent, type TestHost } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
let agents: Record<string, Awaited<ReturnType<typeof connectAgent>>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [
    ['relay'],
    ['laptop'],
    ['office'],
    ['exit', { firewallinuse: 'nftables' }],
  ]);
  agents = {};
  for (const [name, host] of Object.entries(net.hosts)) {
    const agent = await connectAgent(server, {
      id: host.hostId,
      body: { traffickeypublic: host.traffickey },
    } as unknown as TestHost);
    await agent.client.subscribeAsync(`peers/host/${host.hostId}/meshdeck`);
    agents[name] = agent;
  }
  await server.app.meshdeck.peerQueue.flush();
  for (const agent of Object.values(agents)) agent.messages.length = 0;
});
afterEach(async () => {
  await Promise.all(Object.values(agents).map((a) => a.client.endAsync()));
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const keyBytes = (name: string) => JSON.stringify([...Buffer.from(net.hosts[name]!.publickey, 'base64')]);
const entryFor = (payload: any, name: string) =>
  (payload.host_peers as any[]).find((p) => JSON.stringify(p.PublicKey) === keyBytes(name));
const ips = (peer: any) => (peer?.AllowedIPs ?? []).map((net: { IP: string }) => net.IP);

describe('routing roles reach the agents (api-contract §5.8, §5.10)', () => {
  it('-> a new relay: the relayed host gets a full list of the relay alone, the others a delta in which the relay carries it', async () => {
    const created = await server.request('POST', `/api/nodes/office/${node('relay')}/createrelay`, {
      token: net.token,
      body: { relayaddrs: [node('laptop')] },
    });
    expect(created.status).toBe(200);
    const full = await agents.laptop!.waitFor((m) => m.payload.replace_peers === true);
    expect(full.payload.host_peers).toHaveLength(1);
    expect(ips(entryFor(full.payload, 'relay'))).toEqual(
      expect.arrayContaining([net.hosts.relay!.address, '10.20.0.0', 'fd20::']),
    );
    expect(full.payload.nodes[0]).toMatchObject({ isrelayed: true, relayedby: node('relay') });
    const delta = await agents.office!.waitFor((m) => entryFor(m.payload, 'laptop')?.Remove === true);
    expect(ips(entryFor(delta.payload, 'relay'))).toContain(net.hosts.laptop!.address);
  });

  it('-> an egress gateway: the others get its range in its entry and a route with metric and NAT, also in a pull', async () => {
    const created = await server.request('POST', `/api/nodes/office/${node('office')}/creategateway`, {
      token: net.token,
      body: { ranges: ['192.168.40.0/24'], natenabled: 'no', route_metric: 30 },
    });
    expect(created.status).toBe(200);
    const delta = await agents.laptop!.waitFor((m) =>
      ips(entryFor(m.payload, 'office')).includes('192.168.40.0'),
    );
    expect(delta.payload.egress_network_routes).toEqual([
      expect.objectContaining({
        node_id: node('office'),
        egress_ranges_metric: [{ network: '192.168.40.0/24', route_metric: 30, nat: false }],
      }),
    ]);
    const own = await agents.office!.waitFor((m) => m.payload.replace_peers === true);
    expect(own.payload.fw_update).toMatchObject({ is_egress_gw: true });
    const pull = await server.request<any>('GET', '/api/v1/host', { token: net.hosts.laptop!.hostToken });
    expect(pull.status).toBe(200);
    expect(pull.body.egress_network_routes[0]).toMatchObject({
      node_id: node('office'),
      active_ranges: ['192.168.40.0/24'],
    });
  });

  it('-> an internet gateway: its client changes its default route, with 0.0.0.0/0 and ::/0 on the gateway, and restores it when removed', async () => {
    const created = await server.request('POST', `/api/nodes/office/${node('exit')}/inet_gw`, {
      token: net.token,
      body: { inet_node_client_ids: [node('laptop')] },
    });
    expect(created.status).toBe(200);
    const full = await agents.laptop!.waitFor((m) => m.payload.change_default_gw === true);
    expect(full.payload.default_gw_ip).toBe(net.hosts.exit!.address);
    expect(ips(entryFor(full.payload, 'exit'))).toEqual(expect.arrayContaining(['0.0.0.0', '::']));
    await agents.exit!.waitFor((m) => m.payload.is_inet_gw === true);
    agents.laptop!.messages.length = 0;
    await server.request('DELETE', `/api/nodes/office/${node('exit')}/inet_gw`, { token: net.token });
    const restored = await agents.laptop!.waitFor((m) => m.payload.change_default_gw === false);
    expect(ips(entryFor(restored.payload, 'exit'))).not.toContain('0.0.0.0');
  });
});
