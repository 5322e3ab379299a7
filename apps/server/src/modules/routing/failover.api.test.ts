import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [
    ['failover'],
    ['spare'],
    ['a'],
    ['b'],
    ['relay'],
    ['mac', { os: 'darwin' }],
  ]);
});
afterEach(async () => {
  await server.close();
});

const node = (name: string) => net.hosts[name]!.node;
const hostToken = (name: string) => net.hosts[name]!.hostToken;
const setFailover = (name: string) =>
  server.request<any>('POST', `/api/v1/node/${node(name)}/failover`, { token: net.token });
const failoverMe = (asHost: string, from: string, peer: string) =>
  server.request<any>('POST', `/api/v1/node/${node(from)}/failover_me`, {
    token: hostToken(asHost),
    body: { node_id: peer },
  });

describe('failover (api-contract §2.9)', () => {
  it('-> POST makes the node the network failover node; a second POST elsewhere replaces it', async () => {
    const first = await setFailover('failover');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Code: 200, Response: { id: node('failover'), is_fail_over: true } });
    const second = await setFailover('spare');
    expect(second.status).toBe(200);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('failover')].is_fail_over).toBe(false);
    expect(nodes[node('spare')].is_fail_over).toBe(true);
    const list = await server.request<any>('GET', `/api/console/nodes/${net.netid}`, { token: net.token });
    expect(list.body.items.find((item: any) => item.id === node('spare')).flags).toContain('failover');
  });

  it('-> POST on a non-Linux host, or an unknown node, is refused with a clear 4xx', async () => {
    const mac = await setFailover('mac');
    expect(mac.status).toBe(400);
    expect(mac.body.Message).toMatch(/only Linux hosts can be failover nodes/);
    const unknown = await server.request<any>(
      'POST',
      '/api/v1/node/00000000-0000-4000-8000-0000000000ff/failover',
      {
        token: net.token,
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toMatch(/node .* not found/);
  });

  it('-> an agent asks for a pair; both nodes record it, and the failover node is readable by the agent', async () => {
    await setFailover('failover');
    const asked = await failoverMe('a', 'a', node('b'));
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ Code: 200, Message: 'relayed successfully', Response: null });
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('a')]).toMatchObject({
      fail_over_peers: { [node('b')]: {} },
      failed_over_by: node('failover'),
    });
    expect(nodes[node('b')]).toMatchObject({
      fail_over_peers: { [node('a')]: {} },
      failed_over_by: node('failover'),
    });
    const read = await server.request<any>('GET', `/api/v1/node/${node('a')}/failover`, {
      token: hostToken('a'),
    });
    expect(read.status).toBe(200);
    expect(read.body.Response).toMatchObject({ id: node('failover'), is_fail_over: true });
  });

  it('-> failover_check validates without writing; failover_me refuses the failover node, relays and other hosts', async () => {
    const none = await failoverMe('a', 'a', node('b'));
    expect(none.status).toBe(400);
    expect(none.body.Message).toMatch(/network office has no failover node/);
    await setFailover('failover');
    const check = await server.request<any>(
      'GET',
      `/api/v1/node/${node('a')}/failover_check?node_id=${node('b')}`,
      {
        token: hostToken('a'),
      },
    );
    expect(check.status).toBe(200);
    expect((await nodesById(server, net.token, net.netid))[node('a')].fail_over_peers).toEqual({});
    const toFailover = await failoverMe('a', 'a', node('failover'));
    expect(toFailover.body.Message).toMatch(/node failover is the failover node itself/);
    await server.request('POST', `/api/nodes/${net.netid}/${node('relay')}/createrelay`, {
      token: net.token,
      body: { relayaddrs: [node('b')] },
    });
    const relayed = await failoverMe('a', 'a', node('b'));
    expect(relayed.body.Message).toMatch(/node b is relayed by relay/);
    const self = await failoverMe('a', 'a', node('a'));
    expect(self.body.Message).toMatch(/a node cannot fail over to itself/);
    expect([toFailover.status, relayed.status, self.status]).toEqual([400, 400, 400]);
    const otherHost = await failoverMe('a', 'spare', node('a'));
    expect(otherHost.status).toBe(403);
  });

  it('-> DELETE drops the failover role and its pairs; reset drops the pairs only', async () => {
    await setFailover('failover');
    await failoverMe('a', 'a', node('b'));
    const reset = await server.request<any>('POST', `/api/v1/node/${net.netid}/failover/reset`, {
      token: net.token,
    });
    expect(reset.status).toBe(200);
    let nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('a')]).toMatchObject({ fail_over_peers: {} });
    expect(nodes[node('failover')].is_fail_over).toBe(true);
    await failoverMe('a', 'a', node('b'));
    const removed = await server.request<any>('DELETE', `/api/v1/node/${node('failover')}/failover`, {
      token: net.token,
    });
    expect(removed.status).toBe(200);
    nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('failover')].is_fail_over).toBe(false);
    expect(nodes[node('b')]).toMatchObject({ fail_over_peers: {} });
    const again = await server.request<any>('DELETE', `/api/v1/node/${node('failover')}/failover`, {
      token: net.token,
    });
    expect(again.status).toBe(400);
    expect(again.body.Message).toMatch(/is not the failover node/);
  });

  it('-> DELETE failover_me ends one pair (the direct path came back); both sides stop listing each other', async () => {
    await setFailover('failover');
    await failoverMe('a', 'a', node('b'));
    // While failed over, A's pull has no entry for B: the failover node carries B's address.
    const keyOf = (name: string) => JSON.stringify([...Buffer.from(net.hosts[name]!.publickey, 'base64')]);
    const entry = (pull: any, name: string) =>
      (pull.peers as any[]).find((p) => JSON.stringify(p.PublicKey) === keyOf(name));
    const pullOfA = async () =>
      (await server.request<any>('GET', '/api/v1/host', { token: hostToken('a') })).body;
    const addresses = (peer: any) => (peer?.AllowedIPs ?? []).map((n: { IP: string }) => n.IP);
    let pull = await pullOfA();
    expect(entry(pull, 'b')).toBeUndefined();
    expect(addresses(entry(pull, 'failover'))).toContain(net.hosts.b!.address);
    const ended = await server.request<any>(
      'DELETE',
      `/api/v1/node/${node('a')}/failover_me?node_id=${node('b')}`,
      {
        token: hostToken('a'),
      },
    );
    expect(ended.status).toBe(200);
    const nodes = await nodesById(server, net.token, net.netid);
    expect(nodes[node('a')]).toMatchObject({ fail_over_peers: {} });
    expect(nodes[node('b')]).toMatchObject({ fail_over_peers: {} });
    // The pair is direct again: B has its own entry with an endpoint, and the failover node no longer carries it.
    pull = await pullOfA();
    expect(addresses(entry(pull, 'b'))).toContain(net.hosts.b!.address);
    expect(entry(pull, 'b').Endpoint).not.toBeNull();
    expect(addresses(entry(pull, 'failover'))).not.toContain(net.hosts.b!.address);
    const otherHost = await server.request<any>(
      'DELETE',
      `/api/v1/node/${node('a')}/failover_me?node_id=${node('b')}`,
      { token: hostToken('b') },
    );
    expect(otherHost.status).toBe(403);
  });
});
