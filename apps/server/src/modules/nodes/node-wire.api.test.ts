import { EMPTY_EXT_CLIENT } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createNetwork } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';

// Issue 39: a v0.30-era client reads `static_node` on every node without a guard, and lists a network's
// remote-access clients through GET /api/nodes/{network} (api-contract §2.3, §3.2).
let server: TestServer;
let office: Awaited<ReturnType<typeof gatewayNetwork>>;
let labGateway: string;
let labMesh: string;
beforeEach(async () => {
  server = await startTestServer();
  office = await gatewayNetwork(server);
  await createNetwork(server, office.token, 'lab', { addressrange: '10.30.0.0/24' });
  const [gateway, mesh] = await registerFleet(server, office.token, ['lab'], ['lab-gateway', 'lab-mesh']);
  labGateway = gateway!.nodes[0]!.id;
  labMesh = mesh!.nodes[0]!.id;
  const ingress = await server.request('POST', `/api/nodes/lab/${labGateway}/createingress`, {
    token: office.token,
    body: {},
  });
  expect(ingress.status).toBe(200);
  for (const [netid, gatewayNode, clientid] of [
    ['office', office.gatewayNode, 'office-laptop'],
    ['lab', labGateway, 'lab-phone'],
  ] as const)
    expect((await createClient(server, office.token, netid, gatewayNode, { clientid })).status).toBe(200);
});
afterEach(async () => {
  await server.close();
});

const list = async (path: string) => {
  const response = await server.request<any[]>('GET', path, { token: office.token });
  expect(response.status).toBe(200);
  return response.body;
};

describe('GET /api/nodes/{network} and GET /api/nodes -> the v0.30 node wire', () => {
  it('-> when two networks have nodes and clients, every node carries static_node: an empty client with every field at its zero value', async () => {
    for (const path of ['/api/nodes/office', '/api/nodes/lab', '/api/nodes']) {
      const nodes = await list(path);
      const meshNodes = nodes.filter((node) => !node.is_static);
      expect(meshNodes.length).toBeGreaterThanOrEqual(2);
      for (const node of meshNodes) expect(node.static_node).toEqual(EMPTY_EXT_CLIENT);
      // Every field of a client is there, so `node.static_node.<field>` reads a value on any node.
      for (const node of nodes)
        expect(Object.keys(node.static_node).sort()).toEqual(Object.keys(EMPTY_EXT_CLIENT).sort());
    }
  });

  it("-> when a network has remote-access clients, its node list holds them as static nodes (private key blanked) and no other network's", async () => {
    const officeNodes = await list('/api/nodes/office');
    expect(officeNodes.map((node) => node.id).sort()).toEqual(
      [office.gatewayNode, office.meshNode, 'office-laptop'].sort(),
    );
    expect(officeNodes.map((node) => node.id)).toEqual(officeNodes.map((node) => node.id).sort());
    expect(officeNodes.find((node) => node.id === 'office-laptop')).toMatchObject({
      is_static: true,
      network: 'office',
      hostid: '00000000-0000-0000-0000-000000000000',
      address: expect.stringMatching(/^10\.10\.0\.\d+\/24$/),
      static_node: {
        clientid: 'office-laptop',
        network: 'office',
        privatekey: '',
        ingressgatewayid: office.gatewayNode,
      },
    });
    const labNodes = await list('/api/nodes/lab');
    expect(labNodes.map((node) => node.id).sort()).toEqual([labGateway, labMesh, 'lab-phone'].sort());
    const everything = await list('/api/nodes');
    expect(
      everything
        .filter((node) => node.is_static)
        .map((node) => node.id)
        .sort(),
    ).toEqual(['lab-phone', 'office-laptop']);
    for (const node of everything) expect(node.static_node.privatekey).toBe('');
  });

  it("-> when a client is deleted, it leaves its network's node list at once", async () => {
    expect((await list('/api/nodes/lab')).map((node) => node.id)).toContain('lab-phone');
    expect(
      (await server.request('DELETE', '/api/extclients/lab/lab-phone', { token: office.token })).status,
    ).toBe(200);
    expect((await list('/api/nodes/lab')).map((node) => node.id)).not.toContain('lab-phone');
  });

  it("-> the console's own lean list of a network keeps listing nodes only", async () => {
    const page = await server.request<any>('GET', '/api/console/nodes/office', { token: office.token });
    expect(page.body.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [office.gatewayNode, office.meshNode].sort(),
    );
  });
});
