import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, registerHost, hostBody } from '../../../test/device-factories.ts';
import { createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient } from '../../../test/remote-access-factories.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

/**
 * Issue 38 items 3, 4 and 9 (decision 047): the ranges a network admin or user may route into the mesh. A Pro
 * server that knows itself as 192.0.2.1 (PUBLIC_API_URL), networks neta and netb, and a host in both.
 */
let server: TestServer;
let neta: Awaited<ReturnType<typeof routingNetwork>>;
let netAdminA: string;
let netUserA: string;
let ingressA: string;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro', PUBLIC_API_URL: 'http://192.0.2.1:8081' });
  neta = await routingNetwork(
    server,
    [
      ['gw-a', { endpointip: '198.51.100.20' }],
      ['ingress-a', { endpointip: '198.51.100.21' }],
      ['exit-a', { endpointip: '198.51.100.22', firewallinuse: 'nftables' }],
      ['laptop-a', { endpointip: '198.51.100.23' }],
    ],
    { netid: 'neta', range: '10.61.0.0/24', range6: 'fd61::/64' },
  );
  await routingNetwork(server, [['b1', { endpointip: '198.51.100.30' }]], {
    netid: 'netb',
    token: neta.token,
    range: '10.62.0.0/24',
    range6: 'fd62::/64',
  });
  // A host in both networks, with a public endpoint of its own.
  const both = await createKey(server, neta.token, { tags: ['both'], networks: ['neta', 'netb'] });
  await registerHost(server, both.token, hostBody('dual', { endpointip: '198.51.100.7' }));
  ingressA = neta.hosts['ingress-a']!.node;
  const ingress = await server.request('POST', `/api/nodes/neta/${ingressA}/createingress`, {
    token: neta.token,
    body: { extclientdns: '' },
  });
  expect(ingress.status).toBe(200);
  netAdminA = await createUserWithRole(server, 'claims-neta-admin', 'platform-user', [
    'neta-network-admin-grp',
  ]);
  netUserA = await createUserWithRole(server, 'claims-neta-user', 'platform-user', ['neta-network-user-grp']);
});
afterAll(async () => {
  await server.close();
});

const node = (name: string) => neta.hosts[name]!.node;
const createGateway = (name: string, body: Record<string, unknown>, token = netAdminA) =>
  server.request<any>('POST', `/api/nodes/neta/${node(name)}/creategateway`, { token, body });

/** The issue's 24 ranges: all of IPv4 but neta's /24, as the largest blocks that leave it out. */
function everythingBut(prefix24: number): string[] {
  const ranges: string[] = [];
  const toText = (value: number) => [24, 16, 8, 0].map((s) => (value >>> s) & 255).join('.');
  for (let bits = 1; bits <= 24; bits++) {
    const size = 2 ** (32 - bits);
    // The block of this size next to the path towards the /24: flip the bit at this depth.
    const sibling = (Math.floor(prefix24 / size) ^ 1) * size;
    ranges.push(`${toText(sibling)}/${bits}`);
  }
  return ranges;
}

describe('POST /api/nodes/{network}/{nodeid}/creategateway as a network admin (issue 38, item 3)', () => {
  it.each([
    ["another network's range", ['10.62.0.0/24'], /ranges: 10\.62\.0\.0\/24 overlaps network netb's range/],
    [
      'the whole internet but its own /24, in 24 ranges',
      everythingBut(0x0a3d0000),
      /ranges: 128\.0\.0\.0\/1, .* cover 99\.9% of all IPv4 addresses, which amounts to a default route/,
    ],
    ['::/1 and 8000::/1', ['::/1', '8000::/1'], /cover 100% of all IPv6 addresses.*default route/],
    [
      "the hosts' own endpoint range",
      ['198.51.100.0/24'],
      /ranges: 198\.51\.100\.0\/24 covers host (gw-a|ingress-a|exit-a|laptop-a|b1|dual)'s endpoint 198\.51\.100\.\d+/,
    ],
    ["the dual host's endpoint", ['198.51.100.7/32'], /covers host dual's endpoint 198\.51\.100\.7/],
    ['loopback', ['127.0.0.0/8'], /ranges: 127\.0\.0\.0\/8 covers loopback addresses/],
    ['multicast', ['224.0.0.0/4'], /ranges: 224\.0\.0\.0\/4 covers multicast addresses/],
    ['link-local', ['169.254.0.0/16'], /ranges: 169\.254\.0\.0\/16 covers link-local addresses/],
    [
      'an IPv4-mapped form of the network',
      ['::ffff:10.61.0.0/104'],
      /overlaps the network range 10\.61\.0\.0\/24/,
    ],
    [
      "the server's address",
      ['192.0.2.0/24'],
      /ranges: 192\.0\.2\.0\/24 covers the server's address 192\.0\.2\.1/,
    ],
    ["another network's IPv6 range", ['fd62::/48'], /overlaps network netb's range fd62::\/64/],
  ])(
    '-> when the ranges take %s, returns 400 naming the field and why, and writes nothing',
    async (_what, ranges, message) => {
      const before = await nodesById(server, neta.token, 'neta');
      const response = await createGateway('gw-a', { ranges, natenabled: 'yes' });
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(message);
      expect(response.body.Message).not.toMatch(UUID);
      expect(await nodesById(server, neta.token, 'neta')).toEqual(before);
    },
  );

  it('-> the same holds for ranges_with_metric, named as such', async () => {
    const response = await createGateway('gw-a', { ranges_with_metric: [{ network: '10.62.0.128/25' }] });
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/^ranges_with_metric: 10\.62\.0\.128\/25 overlaps network netb's/);
  });

  it('-> when a range is fine, it is taken; an IPv4-mapped one is stored as IPv4', async () => {
    const response = await createGateway('gw-a', { ranges: ['192.168.50.0/24', '::ffff:192.168.60.0/120'] });
    expect(response.status).toBe(200);
    expect(response.body.egressgatewayranges).toEqual(['192.168.50.0/24', '192.168.60.0/24']);
  });

  it("-> when another gateway's ranges and the new ones add up to more than a sixteenth of IPv4, refuses the new ones", async () => {
    expect((await createGateway('laptop-a', { ranges: ['16.0.0.0/5'] })).status).toBe(200);
    const response = await createGateway('exit-a', { ranges: ['24.0.0.0/5', '64.0.0.0/16'] });
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(
      /ranges: 24\.0\.0\.0\/5, 64\.0\.0\.0\/16 with the routes the network already has cover 6\.2% of all IPv4/,
    );
    // Replacing the big gateway's own ranges is judged without its old ones.
    expect((await createGateway('laptop-a', { ranges: ['16.0.0.0/5', '24.0.0.0/6'] })).status).toBe(200);
    expect((await createGateway('laptop-a', { ranges: ['172.20.0.0/16'] })).status).toBe(200);
  });
});

describe('POST /api/extclients/{network}/{nodeid} extraallowedips (issue 38, item 4)', () => {
  it.each([
    [
      '::/1 and 8000::/1',
      ['::/1', '8000::/1'],
      /extraallowedips: ::\/1, 8000::\/1 .*cover 100% .*default route/,
    ],
    ['a public range', ['203.0.113.0/24'], /extraallowedips 203\.0\.113\.0\/24 is not a private range/],
    ['a default route', ['0.0.0.0/0'], /extraallowedips: 0\.0\.0\.0\/0 is a default route/],
  ])(
    "-> when a network user's own client claims %s, returns 400 naming the field",
    async (_what, extra, message) => {
      const answer = await createClient(server, netUserA, 'neta', ingressA, { extraallowedips: extra });
      expect(answer.status).toBe(400);
      expect(answer.body.Message).toMatch(message);
    },
  );

  it.each([
    ['::/1 and 8000::/1', ['::/1', '8000::/1'], /extraallowedips: .*default route/],
    ['a default route on a gateway that is no internet gateway', ['::/0'], /is a default route/],
    [
      "a host's endpoint",
      ['198.51.100.0/28'],
      /extraallowedips: 198\.51\.100\.0\/28 covers host \S+'s endpoint/,
    ],
    ["the server's address", ['192.0.2.1/32'], /covers the server's address 192\.0\.2\.1/],
    [
      'loopback in its IPv4-mapped form',
      ['::ffff:127.0.0.1'],
      /extraallowedips: 127\.0\.0\.1\/32 covers loopback/,
    ],
    ["another network's range, mapped", ['::ffff:10.62.0.0/120'], /overlaps network netb's range/],
    ['link-local', ['fe80::/10'], /covers link-local addresses/],
  ])(
    "-> when a network admin's client claims %s, returns 400 naming the field",
    async (_what, extra, message) => {
      const answer = await createClient(server, netAdminA, 'neta', ingressA, { extraallowedips: extra });
      expect(answer.status).toBe(400);
      expect(answer.body.Message).toMatch(message);
      expect(answer.body.Message).not.toMatch(UUID);
    },
  );

  it('-> a user still routes a private LAN to their client; an admin a public range clear of everything', async () => {
    const lan = await createClient(server, netUserA, 'neta', ingressA, {
      extraallowedips: ['192.168.77.0/24'],
    });
    expect(lan.status).toBe(200);
    const site = await createClient(server, netAdminA, 'neta', ingressA, {
      extraallowedips: ['::ffff:203.0.113.0/120'],
    });
    expect(site.status).toBe(200);
    expect(site.body.extraallowedips).toEqual(['203.0.113.0/24']);
  });

  it('-> on update, the same rules hold', async () => {
    const made = await createClient(server, netUserA, 'neta', ingressA, { clientid: 'claims-upd' });
    expect(made.status).toBe(200);
    const put = await server.request<any>('PUT', '/api/extclients/neta/claims-upd', {
      token: netUserA,
      body: { extraallowedips: ['::/1', '8000::/1'] },
    });
    expect(put.status).toBe(400);
    expect(put.body.Message).toMatch(/^extraallowedips: .*default route/);
  });
});

describe('relay and internet-gateway lists are never cleared by a body without them (issue 38, item 9)', () => {
  it('-> POST createrelay without relayaddrs returns 400 naming it, and the relay keeps its nodes', async () => {
    const relay = node('ingress-a');
    const made = await server.request<any>('POST', `/api/nodes/neta/${relay}/createrelay`, {
      token: netAdminA,
      body: { relayaddrs: [node('laptop-a')] },
    });
    expect(made.status).toBe(200);
    for (const body of [{}, { relayaddrs: null }, { nodeid: relay, netid: 'neta' }]) {
      const empty = await server.request<any>('POST', `/api/nodes/neta/${relay}/createrelay`, {
        token: netAdminA,
        body,
      });
      expect(empty.status).toBe(400);
      expect(empty.body.Message).toMatch(/^relayaddrs is required/);
    }
    const nodes = await nodesById(server, neta.token, 'neta');
    expect(nodes[relay].relaynodes).toEqual([node('laptop-a')]);
    expect(nodes[node('laptop-a')]).toMatchObject({ isrelayed: true, relayedby: relay });
    // An explicit empty list is a clear request: it releases them.
    const cleared = await server.request<any>('POST', `/api/nodes/neta/${relay}/createrelay`, {
      token: netAdminA,
      body: { relayaddrs: [] },
    });
    expect(cleared.status).toBe(200);
    expect((await nodesById(server, neta.token, 'neta'))[node('laptop-a')].isrelayed).toBe(false);
  });

  it('-> PUT inet_gw without inet_node_client_ids returns 400 naming it, and the clients stay', async () => {
    const gw = node('exit-a');
    const made = await server.request<any>('POST', `/api/nodes/neta/${gw}/inet_gw`, {
      token: netAdminA,
      body: { inet_node_client_ids: [node('gw-a')] },
    });
    expect(made.status).toBe(200);
    for (const body of [{}, { inet_node_client_ids: null }]) {
      const empty = await server.request<any>('PUT', `/api/nodes/neta/${gw}/inet_gw`, {
        token: netAdminA,
        body,
      });
      expect(empty.status).toBe(400);
      expect(empty.body.Message).toMatch(/^inet_node_client_ids is required/);
    }
    expect((await nodesById(server, neta.token, 'neta'))[node('gw-a')].internetgw_node_id).toBe(gw);
  });
});
