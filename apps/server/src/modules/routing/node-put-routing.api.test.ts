import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { nodesById, routingNetwork } from '../../../test/routing-factories.ts';

// Issue 39: what a v0.30-era client does through the node routes: an egress gateway made without ranges (the
// client adds them after), and relayed hosts set with the relay's whole node object (PUT with `relaynodes`).
let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function start(edition: 'community' | 'pro') {
  server = await startTestServer(edition === 'pro' ? { EDITION: 'pro' } : {});
  const net = await routingNetwork(server, [
    ['relay'],
    ['laptop-a'],
    ['laptop-b'],
    ['windows', { os: 'windows' }],
  ]);
  const node = (name: string) => net.hosts[name]!.node;
  const call = (method: string, path: string, body?: unknown) =>
    server.request<any>(method, path, { token: net.token, body });
  const wholeNode = async (name: string) => (await nodesById(server, net.token, net.netid))[node(name)];
  const put = (name: string, body: unknown) => call('PUT', `/api/nodes/${net.netid}/${node(name)}`, body);
  return { net, node, call, wholeNode, put };
}

describe('POST /api/nodes/{network}/{nodeid}/creategateway without ranges', () => {
  it('-> when no range is given, makes an egress gateway with no ranges, and ranges added later are served', async () => {
    const { net, node, call } = await start('community');
    const path = `/api/nodes/${net.netid}/${node('relay')}/creategateway`;
    const empty = await call('POST', path, {
      nodeid: node('relay'),
      netid: net.netid,
      ranges: [],
      natEnabled: 'yes',
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ isegressgateway: true, egressgatewayranges: [] });
    const noKey = await call('POST', path, { nodeid: node('relay'), netid: net.netid });
    expect(noKey.status).toBe(200);

    const added = await call('POST', path, { ranges: ['192.168.50.0/24'], natenabled: 'yes' });
    expect(added.status).toBe(200);
    expect(added.body.egressgatewayranges).toEqual(['192.168.50.0/24']);
    expect((await nodesById(server, net.token, net.netid))[node('relay')]).toMatchObject({
      isegressgateway: true,
      egressgatewayranges: ['192.168.50.0/24'],
    });
    const list = await call('GET', `/api/console/nodes/${net.netid}`);
    const row = list.body.items.find((item: { id: string }) => item.id === node('relay'));
    expect(row.egressRanges).toEqual([{ network: '192.168.50.0/24', metric: 256, nat: true }]);
  });

  it('-> when a given range is invalid, still returns 400 naming the field', async () => {
    const { net, node, call } = await start('community');
    const response = await call('POST', `/api/nodes/${net.netid}/${node('relay')}/creategateway`, {
      ranges: ['10.20.0.0/16'],
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/^ranges: 10\.20\.0\.0\/16 overlaps the network range/);
  });
});

describe('PUT /api/nodes/{network}/{relay} with relaynodes', () => {
  it('-> when the relay is sent back with new relaynodes, relays exactly those hosts', async () => {
    const { node, wholeNode, put } = await start('pro');
    const relay = await wholeNode('relay');
    const made = await put('relay', { ...relay, isrelay: true, relaynodes: [node('laptop-a')] });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ isrelay: true, relaynodes: [node('laptop-a')] });
    expect(await wholeNode('laptop-a')).toMatchObject({ isrelayed: true, relayedby: node('relay') });

    const changed = await put('relay', { ...made.body, relaynodes: [node('laptop-b')] });
    expect(changed.status).toBe(200);
    expect(await wholeNode('laptop-a')).toMatchObject({ isrelayed: false, relayedby: '' });
    expect(await wholeNode('laptop-b')).toMatchObject({ isrelayed: true, relayedby: node('relay') });

    const ended = await put('relay', { ...changed.body, isrelay: false, relaynodes: [] });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ isrelay: false, relaynodes: [] });
    expect(await wholeNode('laptop-b')).toMatchObject({ isrelayed: false, relayedby: '' });
  });

  it('-> when relaynodes breaks a createrelay rule, returns 400 naming relaynodes and changes nothing', async () => {
    const { node, wholeNode, put } = await start('pro');
    const relay = await wholeNode('relay');
    const itself = await put('relay', { ...relay, isrelay: true, relaynodes: [node('relay')] });
    expect(itself.status).toBe(400);
    expect(itself.body.Message).toMatch(/^relaynodes: a relay cannot relay itself/);
    const unknown = await put('relay', {
      ...relay,
      isrelay: true,
      relaynodes: ['00000000-0000-4000-8000-00000000abcd'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toMatch(/^relaynodes: node .* is not in network office/);
    expect(await wholeNode('relay')).toMatchObject({ isrelay: false, relaynodes: [] });
    expect(await wholeNode('laptop-a')).toMatchObject({ isrelayed: false });
  });

  it('-> when the whole node comes back unchanged, answers 200; a field it does not apply that changed is a 400 naming it', async () => {
    const { wholeNode, put } = await start('pro');
    const laptop = await wholeNode('laptop-a');
    expect((await put('laptop-a', laptop)).status).toBe(200);
    for (const [field, value, message] of [
      ['isegressgateway', true, /^isegressgateway: cannot be changed through a node update \(use POST/],
      ['relayedby', laptop.id, /^relayedby: cannot be changed through a node update/],
      ['expdatetime', 42, /^expdatetime: cannot be changed through a node update/],
      ['hostname', 'renamed', /^hostname: not a node field/],
    ] as const) {
      const response = await put('laptop-a', { ...laptop, [field]: value });
      expect(response.status, field).toBe(400);
      expect(response.body.Message).toMatch(message);
    }
    expect(await wholeNode('laptop-a')).toMatchObject({
      isegressgateway: false,
      expdatetime: laptop.expdatetime,
    });
  });

  it('-> when the edition is community, refuses to make a relay through PUT or createrelay, with a clear message', async () => {
    const { net, node, wholeNode, put, call } = await start('community');
    const relay = await wholeNode('relay');
    const viaPut = await put('relay', { ...relay, isrelay: true, relaynodes: [node('laptop-a')] });
    expect(viaPut.status).toBe(400);
    expect(viaPut.body.Message).toMatch(/^relaynodes: relays need the Pro edition/);
    const viaRoute = await call('POST', `/api/nodes/${net.netid}/${node('relay')}/createrelay`, {
      relayaddrs: [node('laptop-a')],
    });
    expect(viaRoute.status).toBe(404);
    expect(viaRoute.body.Message).toMatch(/relays need the Pro edition/);
    expect(await wholeNode('laptop-a')).toMatchObject({ isrelayed: false, relayedby: '' });
  });
});

describe('routing refusals and the console rows behind the role pickers', () => {
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

  it('-> when a role is refused for a host, the message names the host by its name, never a UUID', async () => {
    const { net, node, call } = await start('pro');
    const inet = await call('POST', `/api/nodes/${net.netid}/${node('windows')}/inet_gw`, {
      inet_node_client_ids: [node('laptop-a')],
    });
    expect(inet.status).toBe(400);
    expect(inet.body.Message).toBe('only Linux hosts can be internet gateways: node windows runs on windows');
    const relay = await call('POST', `/api/nodes/${net.netid}/${node('relay')}/createrelay`, {
      relayaddrs: [node('relay')],
    });
    expect(relay.body.Message).toMatch(/relay/);
    expect(relay.body.Message).not.toMatch(UUID);
  });

  it("-> the console's node rows carry each host's OS and firewall, so the pickers can show who is eligible", async () => {
    const { net, node, call } = await start('community');
    const rows = (await call('GET', `/api/console/nodes/${net.netid}`)).body.items as any[];
    expect(rows.find((row) => row.id === node('windows'))).toMatchObject({ os: 'windows' });
    expect(rows.find((row) => row.id === node('relay'))).toMatchObject({
      os: 'linux',
      hasFirewall: false,
    });
  });
});
