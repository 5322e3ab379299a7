import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [
    ['exit', { firewallinuse: 'nftables' }],
    ['exit-2', { firewallinuse: 'iptables' }],
    ['no-firewall'],
    ['windows', { os: 'windows', firewallinuse: 'nftables' }],
    ['laptop'],
    ['phone', { os: 'darwin' }],
    ['default-host', { isdefault: true }],
  ]);
});
afterEach(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const inetGw = (method: string, gateway: string, clients?: string[]) =>
  server.request<any>(method, `/api/nodes/${net.netid}/${node(gateway)}/inet_gw`, {
    token: net.token,
    body: clients === undefined ? undefined : { inet_node_client_ids: clients },
  });

describe('/api/nodes/{network}/{nodeid}/inet_gw', () => {
  it('-> POST makes the gateway and points its clients at it; the lists show it', async () => {
    const response = await inetGw('POST', 'exit', [node('laptop'), node('phone')]);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isinternetgateway: true,
      inet_node_req: { inet_node_client_ids: [node('laptop'), node('phone')] },
    });
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('laptop')].internetgw_node_id).toBe(node('exit'));
    expect(nodes[node('phone')].internetgw_node_id).toBe(node('exit'));
    const list = await server.request<any>('GET', `/api/console/nodes/${net.netid}`, { token: net.token });
    const row = list.body.items.find((item: any) => item.id === node('exit'));
    expect(row.flags).toContain('internetGateway');
  });

  it('-> POST on a gateway answers the contract envelope and changes nothing', async () => {
    await inetGw('POST', 'exit', [node('laptop')]);
    const again = await inetGw('POST', 'exit', [node('phone')]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ Code: 200, Message: 'node is already an internet gateway', Response: null });
    expect((await nodesById(server, net.token, net.netid))[node('phone')].internetgw_node_id).toBe('');
  });

  it('-> PUT replaces the clients: a client left out routes directly again', async () => {
    await inetGw('POST', 'exit', [node('laptop')]);
    const response = await inetGw('PUT', 'exit', [node('phone')]);
    expect(response.status).toBe(200);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('laptop')].internetgw_node_id).toBe('');
    expect(nodes[node('phone')].internetgw_node_id).toBe(node('exit'));
  });

  it('-> DELETE ends the gateway and releases its clients', async () => {
    await inetGw('POST', 'exit', [node('laptop')]);
    const response = await inetGw('DELETE', 'exit');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isinternetgateway: false,
      inet_node_req: { inet_node_client_ids: [] },
    });
    expect((await nodesById(server, net.token, net.netid))[node('laptop')].internetgw_node_id).toBe('');
  });

  it.each([
    [
      'the gateway host is not Linux',
      'windows',
      () => [node('laptop')],
      /only Linux hosts can be internet gateways: node windows runs on windows/,
    ],
    [
      'the gateway host has no firewall',
      'no-firewall',
      () => [node('laptop')],
      /needs a firewall .* node no-firewall reports none/,
    ],
    [
      'the gateway is its own client',
      'exit',
      () => [node('exit')],
      /an internet gateway cannot be its own client/,
    ],
    [
      'a client is on a default host',
      'exit',
      () => [node('default-host')],
      /node default-host is on a default host/,
    ],
    [
      'a client is unknown',
      'exit',
      () => ['00000000-0000-4000-8000-0000000000aa'],
      /inet_node_client_ids: node .* is not in network office/,
    ],
    ['a client id is not a UUID', 'exit', () => ['laptop'], /inet_node_client_ids must hold node ids/],
  ])('-> POST when %s, returns 400 and writes nothing', async (_when, gateway, clients, message) => {
    const before = await nodesById(server, net.token, net.netid);
    const response = await inetGw('POST', gateway, clients());
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect(await nodesById(server, net.token, net.netid)).toEqual(before);
  });

  it('-> when a client already uses another internet gateway, or a gateway would be a client, returns 400', async () => {
    expect((await inetGw('POST', 'exit', [node('laptop')])).status).toBe(200);
    const taken = await inetGw('POST', 'exit-2', [node('laptop')]);
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toMatch(/node laptop already uses internet gateway exit/);
    const gatewayAsClient = await inetGw('POST', 'exit-2', [node('exit')]);
    expect(gatewayAsClient.status).toBe(400);
    expect(gatewayAsClient.body.Message).toMatch(/node exit is an internet gateway itself/);
    const clientAsGateway = await inetGw('POST', 'laptop', []);
    expect(clientAsGateway.status).toBe(400);
  });

  it('-> when a client is relayed, returns 400', async () => {
    const relay = await server.request('POST', `/api/nodes/${net.netid}/${node('exit-2')}/createrelay`, {
      token: net.token,
      body: { relayaddrs: [node('laptop')] },
    });
    expect(relay.status).toBe(200);
    const response = await inetGw('POST', 'exit', [node('laptop')]);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/node laptop is relayed by exit-2/);
  });

  it('-> PUT or DELETE on a node that is not an internet gateway returns 400', async () => {
    const put = await inetGw('PUT', 'exit', [node('laptop')]);
    expect(put.status).toBe(400);
    expect(put.body.Message).toMatch(/node exit is not an internet gateway/);
    expect((await inetGw('DELETE', 'exit')).status).toBe(400);
  });
});

describe('Pro routes in the community edition', () => {
  it('-> inet_gw and failover answer 404 (api-contract §1.1)', async () => {
    const ce = await startTestServer();
    try {
      const ceNet = await routingNetwork(ce, [['exit', { firewallinuse: 'nftables' }]]);
      const exit = ceNet.hosts.exit!.node;
      const inet = await ce.request('POST', `/api/nodes/office/${exit}/inet_gw`, {
        token: ceNet.token,
        body: {},
      });
      const failover = await ce.request('POST', `/api/v1/node/${exit}/failover`, { token: ceNet.token });
      expect([inet.status, failover.status]).toEqual([404, 404]);
    } finally {
      await ce.close();
    }
  });
});
