import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [
    ['relay'],
    ['far'],
    ['router', { firewallinuse: 'nftables' }],
    ['exit', { firewallinuse: 'nftables' }],
    ['laptop'],
    ['plain'],
  ]);
});
afterEach(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const post = (name: string, action: string, body: Record<string, unknown>) =>
  server.request<any>('POST', `/api/nodes/${net.netid}/${node(name)}/${action}`, { token: net.token, body });
const rowsByName = async (query = '') => {
  const list = await server.request<any>('GET', `/api/console/nodes/${net.netid}${query}`, {
    token: net.token,
  });
  expect(list.status).toBe(200);
  const byId = Object.fromEntries(Object.entries(net.hosts).map(([name, host]) => [host.node, name]));
  return Object.fromEntries((list.body.items as any[]).map((item) => [byId[item.id], item]));
};

describe('GET /api/console/nodes/{network} routing details (the relays, egress and internet-gateway pages)', () => {
  it('-> with a relay, an egress gateway and an internet gateway, each row carries who relays it, its ranges or its gateway', async () => {
    expect((await post('relay', 'createrelay', { relayaddrs: [node('far')] })).status).toBe(200);
    const egress = await post('router', 'creategateway', {
      ranges_with_metric: [
        { network: '192.168.50.0/24', route_metric: 10, nat: true },
        { network: '172.30.0.0/16', route_metric: 20, nat: false },
      ],
    });
    expect(egress.status).toBe(200);
    const inet = await post('exit', 'inet_gw', { inet_node_client_ids: [node('laptop')] });
    expect(inet.status, JSON.stringify(inet.body)).toBe(200);

    const rows = await rowsByName();
    expect(rows.far).toMatchObject({ flags: ['relayed'], relayedBy: node('relay') });
    expect(rows.relay.flags).toEqual(['relay']);
    expect(rows.router).toMatchObject({
      flags: ['egress'],
      egressRanges: [
        { network: '192.168.50.0/24', metric: 10, nat: true },
        { network: '172.30.0.0/16', metric: 20, nat: false },
      ],
    });
    expect(rows.exit.flags).toEqual(['internetGateway']);
    expect(rows.laptop).toMatchObject({ internetGatewayId: node('exit') });
    // A node without a role carries none of the routing fields (10,000 plain rows stay lean).
    for (const field of ['relayedBy', 'internetGatewayId', 'egressRanges'])
      expect(rows.plain).not.toHaveProperty(field);
    // The nodes page's type filters match the roles the routing routes wrote.
    expect(Object.keys(await rowsByName('?type=relays'))).toEqual(['relay']);
    expect(Object.keys(await rowsByName('?type=relayed'))).toEqual(['far']);
    expect(Object.keys(await rowsByName('?type=egress'))).toEqual(['router']);
    expect(Object.keys(await rowsByName('?type=internet-gateways'))).toEqual(['exit']);
    // A row re-read by id (the console's live patch) carries the same details.
    const patched = await rowsByName(`?ids=${node('router')}`);
    expect(patched.router.egressRanges).toHaveLength(2);
  });

  it('-> when the relay and the gateway are removed, their rows and their clients lose the details', async () => {
    await post('relay', 'createrelay', { relayaddrs: [node('far')] });
    await post('exit', 'inet_gw', { inet_node_client_ids: [node('laptop')] });
    const del = (name: string, action: string) =>
      server.request('DELETE', `/api/nodes/${net.netid}/${node(name)}/${action}`, { token: net.token });
    expect((await del('relay', 'deleterelay')).status).toBe(200);
    expect((await del('exit', 'inet_gw')).status).toBe(200);
    const rows = await rowsByName();
    expect(rows.far.flags).toEqual([]);
    expect(rows.far).not.toHaveProperty('relayedBy');
    expect(rows.laptop).not.toHaveProperty('internetGatewayId');
  });
});
