import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer();
  net = await routingNetwork(server, [['router-1'], ['router-2'], ['laptop'], ['mac', { os: 'darwin' }]]);
});
afterEach(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const createGateway = (name: string, body: Record<string, unknown>, netid = net.netid) =>
  server.request<any>('POST', `/api/nodes/${netid}/${node(name)}/creategateway`, { token: net.token, body });

describe('POST /api/nodes/{network}/{nodeid}/creategateway', () => {
  it('-> with the v0.30 body (natEnabled as the dashboard spells it), makes an egress gateway with NAT and metric 256', async () => {
    const response = await createGateway('router-1', {
      ranges: ['192.168.10.0/24', 'fd99:10::/64'],
      natEnabled: 'yes',
      nodeId: node('router-1'),
      netid: net.netid,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isegressgateway: true,
      egressgatewayranges: ['192.168.10.0/24', 'fd99:10::/64'],
      egressgatewaynatenabled: true,
      egressgatewayranges_with_metric: [
        { network: '192.168.10.0/24', route_metric: 256, nat: true },
        { network: 'fd99:10::/64', route_metric: 256, nat: true },
      ],
    });
    const list = await server.request<any>('GET', `/api/console/nodes/${net.netid}`, { token: net.token });
    const row = list.body.items.find((item: any) => item.id === node('router-1'));
    expect(row.flags).toContain('egress');
  });

  it('-> with ranges_with_metric, keeps each range its metric and NAT flag and normalises the range', async () => {
    const response = await createGateway('router-1', {
      ranges_with_metric: [
        { network: '192.168.10.7/24', route_metric: 50, nat: false },
        { network: '172.16.0.0/16', route_metric: 300 },
      ],
      natenabled: 'yes',
    });
    expect(response.status).toBe(200);
    expect(response.body.egressgatewayranges_with_metric).toEqual([
      { network: '192.168.10.0/24', route_metric: 50, nat: false },
      { network: '172.16.0.0/16', route_metric: 300, nat: true },
    ]);
  });

  it('-> on an egress gateway, replaces ranges, NAT and metric in one request', async () => {
    await createGateway('router-1', { ranges: ['192.168.10.0/24', '192.168.11.0/24'], natenabled: 'yes' });
    const response = await createGateway('router-1', {
      ranges: ['192.168.12.0/24'],
      natenabled: 'no',
      route_metric: 20,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      egressgatewayranges: ['192.168.12.0/24'],
      egressgatewaynatenabled: false,
      egressgatewayranges_with_metric: [{ network: '192.168.12.0/24', route_metric: 20, nat: false }],
    });
  });

  it('-> two gateways may serve the same range (high availability), each with its own metric', async () => {
    expect((await createGateway('router-1', { ranges: ['192.168.10.0/24'], route_metric: 10 })).status).toBe(
      200,
    );
    expect((await createGateway('router-2', { ranges: ['192.168.10.0/24'], route_metric: 20 })).status).toBe(
      200,
    );
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('router-1')].egressgatewayranges_with_metric[0].route_metric).toBe(10);
    expect(nodes[node('router-2')].egressgatewayranges_with_metric[0].route_metric).toBe(20);
  });

  it.each([
    [
      'a range overlaps the network IPv4 range',
      { ranges: ['10.20.0.128/25'] },
      /ranges: 10.20.0.128\/25 overlaps the network range 10.20.0.0\/24 of office/,
    ],
    [
      'a range overlaps the network IPv6 range',
      { ranges: ['fd20::/48'] },
      /ranges: fd20::\/48 overlaps the network range fd20::\/64/,
    ],
    [
      'a range contains the network',
      { ranges_with_metric: [{ network: '10.0.0.0/8' }] },
      /ranges_with_metric: 10.0.0.0\/8 overlaps the network range/,
    ],
    ['a range is the whole internet', { ranges: ['0.0.0.0/0'] }, /use an internet gateway/],
    ['a range is not a CIDR', { ranges: ['192.168.1.300/24'] }, /ranges must be CIDRs/],
    [
      'the metric is out of range',
      { ranges: ['192.168.10.0/24'], route_metric: 0 },
      /route_metric must be at least 1/,
    ],
    [
      'natenabled is not yes or no',
      { ranges: ['192.168.10.0/24'], natenabled: 'maybe' },
      /natenabled must be "yes" or "no"/,
    ],
    [
      'a range is given twice with different metrics',
      { ranges: ['192.168.10.0/24'], ranges_with_metric: [{ network: '192.168.10.0/24', route_metric: 5 }] },
      /given twice with different metric or NAT/,
    ],
  ])('-> when %s, returns 400 naming the problem and writes nothing', async (_when, body, message) => {
    const before = await nodesById(server, net.token, net.netid);
    const response = await createGateway('router-1', body);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect(await nodesById(server, net.token, net.netid)).toEqual(before);
  });

  it('-> when the host is not Linux, returns 400 naming the host and its OS', async () => {
    const response = await createGateway('mac', { ranges: ['192.168.10.0/24'] });
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/only Linux hosts can be egress gateways: node mac runs on darwin/);
  });

  it('-> when an update is refused, the gateway keeps its earlier ranges', async () => {
    await createGateway('router-1', { ranges: ['192.168.10.0/24'] });
    const response = await createGateway('router-1', { ranges: ['192.168.11.0/24', '10.20.0.0/24'] });
    expect(response.status).toBe(400);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('router-1')].egressgatewayranges).toEqual(['192.168.10.0/24']);
  });

  it('-> for an unknown node or network, returns 400 or 404', async () => {
    const unknownNode = await server.request<any>(
      'POST',
      `/api/nodes/${net.netid}/00000000-0000-4000-8000-0000000000ee/creategateway`,
      { token: net.token, body: { ranges: ['192.168.10.0/24'] } },
    );
    expect(unknownNode.status).toBe(400);
    expect(unknownNode.body.Message).toMatch(/is not in network office/);
    const unknownNetwork = await createGateway('router-1', { ranges: ['192.168.10.0/24'] }, 'nowhere');
    expect(unknownNetwork.status).toBe(404);
  });
});

describe('DELETE /api/nodes/{network}/{nodeid}/deletegateway', () => {
  it('-> ends the egress role', async () => {
    await createGateway('router-1', { ranges: ['192.168.10.0/24'] });
    const response = await server.request<any>(
      'DELETE',
      `/api/nodes/${net.netid}/${node('router-1')}/deletegateway`,
      {
        token: net.token,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isegressgateway: false,
      egressgatewayranges: [],
      egressgatewayranges_with_metric: [],
    });
  });

  it('-> when the node is not an egress gateway, returns 400', async () => {
    const response = await server.request<any>(
      'DELETE',
      `/api/nodes/${net.netid}/${node('laptop')}/deletegateway`,
      {
        token: net.token,
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/node laptop is not an egress gateway/);
  });
});
