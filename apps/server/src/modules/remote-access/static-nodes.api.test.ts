import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';

// Issue 30 item 9: GET /api/nodes lists external clients as "static" nodes (api-contract §2.3, §4, §5.4).
let server: TestServer;
let net: Awaited<ReturnType<typeof gatewayNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await gatewayNetwork(server);
});
afterEach(async () => {
  await server.close();
});

const allNodes = async () => (await server.request<any[]>('GET', '/api/nodes', { token: net.token })).body;

describe('GET /api/nodes -> static nodes', () => {
  it('-> lists each external client as a static node beside the nodes, sorted by id, private key blanked', async () => {
    expect(
      (await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-1' })).status,
    ).toBe(200);
    const nodes = await allNodes();
    expect(nodes.map((n) => n.id)).toEqual(nodes.map((n) => n.id).sort());
    expect(
      nodes
        .filter((n) => !n.is_static)
        .map((n) => n.id)
        .sort(),
    ).toEqual([net.gatewayNode, net.meshNode].sort());
    const laptop = nodes.find((n) => n.is_static);
    expect(laptop).toMatchObject({
      id: 'laptop-1',
      network: 'office',
      networkrange: '10.10.0.0/24',
      address: expect.stringMatching(/^10\.10\.0\.\d+\/24$/),
      connected: true,
      status: 'online',
      is_static: true,
      is_user_node: false,
      static_node: { clientid: 'laptop-1', privatekey: '', ingressgatewayid: net.gatewayNode },
    });
    // A mesh node carries an empty client, as v0.30 sends it (issue 39).
    expect(nodes.find((n) => n.id === net.meshNode).static_node).toMatchObject({
      clientid: '',
      privatekey: '',
    });
  });

  it('-> follows client changes at once: disabled is offline, a user client is a user node, deleted is gone', async () => {
    await createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-1' });
    expect((await allNodes()).filter((n) => n.is_static)).toHaveLength(1);
    await server.request('PUT', '/api/extclients/office/laptop-1', {
      token: net.token,
      body: { clientid: 'laptop-1', enabled: false },
    });
    expect((await allNodes()).find((n) => n.id === 'laptop-1')).toMatchObject({
      connected: false,
      status: 'offline',
    });
    await createClient(server, net.token, 'office', net.gatewayNode, {
      clientid: 'phone-1',
      remote_access_client_id: 'rac-phone',
    });
    expect((await allNodes()).find((n) => n.id === 'phone-1')).toMatchObject({ is_user_node: true });
    await server.request('DELETE', '/api/extclients/office/laptop-1', { token: net.token });
    expect((await allNodes()).map((n) => n.id)).not.toContain('laptop-1');
  });
});
