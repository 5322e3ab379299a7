import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostBody } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [
    ['relay'],
    ['laptop-a'],
    ['laptop-c'],
    ['windows', { os: 'windows' }],
    ['exit', { firewallinuse: 'nftables' }],
  ]);
});
afterEach(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const createRelay = (relay: string, relayed: string[], netid = net.netid) =>
  server.request<any>('POST', `/api/nodes/${netid}/${relay}/createrelay`, {
    token: net.token,
    body: { nodeid: relay, netid, relayaddrs: relayed },
  });

describe('POST /api/nodes/{network}/{nodeid}/createrelay', () => {
  it('-> when valid, makes the node a relay and its nodes relayed, and the lists show both', async () => {
    const response = await createRelay(node('relay'), [node('laptop-a'), node('laptop-c')]);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: node('relay'), isrelay: true });
    expect(response.body.relaynodes).toEqual([node('laptop-a'), node('laptop-c')]);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('laptop-a')]).toMatchObject({ isrelayed: true, relayedby: node('relay') });
    expect(nodes[node('laptop-c')]).toMatchObject({ isrelayed: true, relayedby: node('relay') });
    expect(nodes[node('exit')]).toMatchObject({ isrelayed: false, relayedby: '' });
    const list = await server.request<any>('GET', `/api/console/nodes/${net.netid}`, { token: net.token });
    const flags = Object.fromEntries(list.body.items.map((item: any) => [item.id, item.flags]));
    expect(flags[node('relay')]).toContain('relay');
    expect(flags[node('laptop-a')]).toContain('relayed');
  });

  it('-> when called again on a relay, replaces the relayed set in one request', async () => {
    await createRelay(node('relay'), [node('laptop-a'), node('laptop-c')]);
    const response = await createRelay(node('relay'), [node('laptop-c'), node('exit')]);
    expect(response.status).toBe(200);
    expect(response.body.relaynodes).toEqual([node('laptop-c'), node('exit')]);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('laptop-a')]).toMatchObject({ isrelayed: false, relayedby: '' });
    expect(nodes[node('exit')]).toMatchObject({ isrelayed: true, relayedby: node('relay') });
  });

  it.each([
    ['the relay itself is listed', () => [node('relay')], /a relay cannot relay itself/],
    [
      'a listed node is unknown',
      () => ['00000000-0000-4000-8000-00000000abcd'],
      /relayaddrs: node .* is not in network office/,
    ],
    ['a listed id is not a UUID', () => ['not-a-node'], /relayaddrs must hold node ids/],
  ])('-> when %s, returns 400 with a clear message and writes nothing', async (_when, relayed, message) => {
    const before = await nodesById(server, net.token, net.netid);
    const response = await createRelay(node('relay'), relayed());
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(message);
    expect(await nodesById(server, net.token, net.netid)).toEqual(before);
  });

  it('-> when the relay host is not Linux, returns 400 naming the host and its OS', async () => {
    const response = await createRelay(node('windows'), [node('laptop-a')]);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/only Linux hosts can be relays: node windows runs on windows/);
  });

  it('-> when a listed node is a remote-access gateway, returns 400 and relays nobody', async () => {
    const gateway = await server.request('POST', `/api/nodes/${net.netid}/${node('exit')}/createingress`, {
      token: net.token,
      body: {},
    });
    expect(gateway.status).toBe(200);
    const response = await createRelay(node('relay'), [node('laptop-a'), node('exit')]);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/node exit is a remote-access gateway: gateways cannot be relayed/);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('laptop-a')].isrelayed).toBe(false);
    expect(nodes[node('relay')].isrelay).toBe(false);
  });

  it('-> when a listed node is an internet gateway or uses one, returns 400', async () => {
    const inet = await server.request('POST', `/api/nodes/${net.netid}/${node('exit')}/inet_gw`, {
      token: net.token,
      body: { inet_node_client_ids: [node('laptop-c')] },
    });
    expect(inet.status).toBe(200);
    const gateway = await createRelay(node('relay'), [node('exit')]);
    expect(gateway.status).toBe(400);
    expect(gateway.body.Message).toMatch(/is an internet gateway: gateways cannot be relayed/);
    const client = await createRelay(node('relay'), [node('laptop-c')]);
    expect(client.status).toBe(400);
    expect(client.body.Message).toMatch(/laptop-c uses internet gateway exit/);
  });

  it('-> when a node is already relayed by another relay, or the relay is relayed or a listed node is a relay, returns 400', async () => {
    expect((await createRelay(node('relay'), [node('laptop-a')])).status).toBe(200);
    const taken = await createRelay(node('exit'), [node('laptop-a')]);
    expect(taken.body.Message).toMatch(/laptop-a is already relayed by relay/);
    const relayed = await createRelay(node('laptop-a'), [node('laptop-c')]);
    expect(relayed.body.Message).toMatch(/is relayed by relay: a relayed node cannot be a relay/);
    const relay = await createRelay(node('exit'), [node('relay')]);
    expect(relay.body.Message).toMatch(/node relay is a relay: a relay cannot be relayed/);
    expect([taken.status, relayed.status, relay.status]).toEqual([400, 400, 400]);
  });

  it('-> when the node is in another network or the network is unknown, returns 4xx', async () => {
    await routingNetwork(server, [['elsewhere']], {
      netid: 'branch',
      token: net.token,
      range: '10.21.0.0/24',
      range6: 'fd21::/64',
    });
    const wrongNetwork = await createRelay(node('relay'), [node('laptop-a')], 'branch');
    // The route finds the node in the path's network first (issue 38 isolation): one elsewhere is not found there.
    expect(wrongNetwork.status).toBe(404);
    expect(wrongNetwork.body.Message).toMatch(/^nodeid: node .* not found in network branch/);
    const unknown = await createRelay(node('relay'), [node('laptop-a')], 'nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toMatch(/^nodeid: node .* not found in network nowhere/);
  });
});

describe('concurrent relay requests', () => {
  it('-> when two relays claim the same node at once, exactly one wins and the node has one relay', async () => {
    const [first, second] = await Promise.all([
      createRelay(node('relay'), [node('laptop-a')]),
      createRelay(node('exit'), [node('laptop-a')]),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const nodes = await nodesById(server, net.token, net.netid);
    const winner = first.status === 200 ? node('relay') : node('exit');
    const loser = winner === node('relay') ? node('exit') : node('relay');
    expect(nodes[node('laptop-a')].relayedby).toBe(winner);
    expect(nodes[winner].relaynodes).toEqual([node('laptop-a')]);
    expect(nodes[loser]).toMatchObject({ isrelay: false, relaynodes: [] });
  });
});

describe('DELETE /api/nodes/{network}/{nodeid}/deleterelay', () => {
  it('-> ends the relay and its nodes are no longer relayed', async () => {
    await createRelay(node('relay'), [node('laptop-a')]);
    const response = await server.request<any>(
      'DELETE',
      `/api/nodes/${net.netid}/${node('relay')}/deleterelay`,
      {
        token: net.token,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ isrelay: false, relaynodes: [] });
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('laptop-a')]).toMatchObject({ isrelayed: false, relayedby: '' });
  });

  it('-> when the node is not a relay, returns 400', async () => {
    const response = await server.request<any>(
      'DELETE',
      `/api/nodes/${net.netid}/${node('relay')}/deleterelay`,
      {
        token: net.token,
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/node relay is not a relay/);
  });

  it('-> when the relay node is deleted, its nodes are no longer relayed', async () => {
    await createRelay(node('relay'), [node('laptop-a')]);
    const deleted = await server.request('DELETE', `/api/nodes/${net.netid}/${node('relay')}?force=true`, {
      token: net.token,
    });
    expect(deleted.status).toBe(200);
    await expect
      .poll(async () => (await nodesById(server, net.token, net.netid))[node('laptop-a')].isrelayed)
      .toBe(false);
  });
});

describe('a node joining with a relay key', () => {
  it("-> is relayed from the start and listed in the relay's relaynodes", async () => {
    await createRelay(node('relay'), [node('laptop-a')]);
    const key = await server.request<any>('POST', '/api/v1/enrollment-keys', {
      token: net.token,
      body: { tags: ['relayed-key'], networks: [net.netid], unlimited: true, relay: node('relay') },
    });
    expect(key.status).toBe(200);
    const registered = await server.request<any>(
      'POST',
      `/api/v1/host/register/${encodeURIComponent(key.body.token)}`,
      {
        body: hostBody('newcomer').body,
      },
    );
    expect(registered.status).toBe(200);
    const joined = registered.body.nodes[0].id as string;
    await expect
      .poll(async () => (await nodesById(server, net.token, net.netid))[node('relay')].relaynodes)
      .toEqual([node('laptop-a'), joined]);
    expect((await nodesById(server, net.token, net.netid))[joined]).toMatchObject({
      isrelayed: true,
      relayedby: node('relay'),
    });
  });
});
