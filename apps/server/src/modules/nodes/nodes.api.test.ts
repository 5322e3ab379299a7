import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let fleet: Awaited<ReturnType<typeof registerFleet>>;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
  await createNetwork(server, token, 'lab', { addressrange: '10.20.0.0/24' });
  fleet = await registerFleet(server, token, ['office', 'lab'], ['alpha', 'beta']);
});
afterEach(async () => {
  await server.close();
});

const nodeIn = (host: (typeof fleet)[number], network: string) =>
  host.nodes.find((n) => n.network === network)!;
const officeNodes = async () => (await server.request<any[]>('GET', '/api/nodes/office', { token })).body;

describe('GET /api/nodes and /api/nodes/{network}', () => {
  it('-> lists every node sorted by id in ApiNode form with status online after registration', async () => {
    const response = await server.request<any[]>('GET', '/api/nodes', { token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(4);
    expect(response.body.map((n) => n.id)).toEqual(response.body.map((n) => n.id).sort());
    expect(response.body[0]).toMatchObject({
      status: 'online',
      connected: true,
      pendingdelete: false,
      server: 'meshdeck',
    });
    const office = await officeNodes();
    expect(office.map((n) => [n.address, n.networkrange])).toEqual(
      expect.arrayContaining([
        ['10.10.0.1/24', '10.10.0.0/24'],
        ['10.10.0.2/24', '10.10.0.0/24'],
      ]),
    );
  });

  it('-> for an unknown network returns 404; for a network admin of another network 404 too; for its own 200', async () => {
    expect((await server.request('GET', '/api/nodes/nowhere', { token })).status).toBe(404);
    const labAdmin = await createUserWithRole(server, 'labadmin', 'platform-user', ['lab-network-admin-grp']);
    // A network the caller holds no role in is not found for it, like an unknown one (decisions 011 and 046).
    const other = await server.request('GET', '/api/nodes/office', { token: labAdmin });
    expect(other.status).toBe(404);
    const serviceUser = await createUserWithRole(server, 'labservice', 'service-user');
    expect((await server.request('GET', '/api/nodes/office', { token: serviceUser })).status).toBe(404);
    expect((await server.request('GET', '/api/nodes/lab', { token: labAdmin })).status).toBe(200);
    expect((await server.request('GET', '/api/nodes', { token: labAdmin })).status).toBe(403);
  });
});

describe('PUT /api/nodes/{network}/{nodeid}', () => {
  it('-> changes the address to a free one in range and applies editable fields', async () => {
    const node = nodeIn(fleet[0]!, 'office');
    const response = await server.request('PUT', `/api/nodes/office/${node.id}`, {
      token,
      body: { address: '10.10.0.50/24', metadata: 'front desk', connected: false },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      address: '10.10.0.50/24',
      metadata: 'front desk',
      connected: false,
      status: 'offline',
    });
  });

  it.each([
    [{ address: '10.99.0.5' }, 'is not inside the network range'],
    [{ address: '10.10.0.2' }, 'is already in use'],
    [{ ingressmtu: -1 }, 'ingressmtu'],
  ])('-> with %j returns 400 and keeps the node', async (body, message) => {
    const node = nodeIn(fleet[0]!, 'office');
    const response = await server.request('PUT', `/api/nodes/office/${node.id}`, { token, body });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
    expect((await officeNodes()).find((n) => n.id === node.id).address).toBe('10.10.0.1/24');
  });

  it('-> for a node of another network returns 404 naming the field', async () => {
    const response = await server.request('PUT', `/api/nodes/office/${nodeIn(fleet[0]!, 'lab').id}`, {
      token,
      body: {},
    });
    // The node is found by id, and it is not in the network the path names (decision 046).
    expect(response.status).toBe(404);
    expect(response.body.Message).toMatch(/^nodeid: node .* not found in network office$/);
  });
});

describe('DELETE /api/nodes/{network}/{nodeid}', () => {
  it('-> from the console without force, marks the node pending delete; with force removes it', async () => {
    const node = nodeIn(fleet[0]!, 'office');
    expect((await server.request('DELETE', `/api/nodes/office/${node.id}`, { token })).body).toMatchObject({
      Code: 200,
      Message: `${node.id} deleted.`,
    });
    expect((await officeNodes()).find((n) => n.id === node.id)).toMatchObject({ pendingdelete: true });
    await server.request('DELETE', `/api/nodes/office/${node.id}?force=true`, { token });
    expect((await officeNodes()).map((n) => n.id)).not.toContain(node.id);
  });

  it("-> with the owning host's token removes it at once; with another host's token returns 403", async () => {
    const node = nodeIn(fleet[0]!, 'office');
    expect(
      (await server.request('DELETE', `/api/nodes/office/${node.id}`, { token: fleet[1]!.hostToken })).status,
    ).toBe(403);
    expect(
      (await server.request('DELETE', `/api/nodes/office/${node.id}`, { token: fleet[0]!.hostToken })).status,
    ).toBe(200);
    expect((await officeNodes()).map((n) => n.id)).not.toContain(node.id);
  });
});

describe('POST /api/nodes/{network}/{nodeid}/approve', () => {
  it('-> for a node waiting for approval, returns it approved and no longer marked pending; approving it again is 400', async () => {
    const node = nodeIn(fleet[0]!, 'office');
    // Nodes that join with a key are approved; a node waiting for approval is one whose action is 'pending'.
    await server.app.meshdeck.database.db
      .updateTable('nodes')
      .set({ action: 'pending' })
      .where('id', '=', node.id)
      .execute();
    const listed = (await officeNodes()).find((n) => n.id === node.id);
    expect(listed.action).toBe('pending');
    const response = await server.request('POST', `/api/nodes/office/${node.id}/approve`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: node.id, connected: true });
    expect(response.body).not.toHaveProperty('action');
    const again = await server.request('POST', `/api/nodes/office/${node.id}/approve`, { token });
    expect([again.status, again.body.Message]).toEqual([400, 'node is already approved']);
  });

  it('-> for a node that joined with a key (approved and healthy), returns 400 "node is already approved" and changes nothing', async () => {
    const node = nodeIn(fleet[1]!, 'office');
    await server.request('PUT', `/api/nodes/office/${node.id}`, { token, body: { connected: false } });
    const response = await server.request('POST', `/api/nodes/office/${node.id}/approve`, { token });
    expect([response.status, response.body.Message]).toEqual([400, 'node is already approved']);
    const after = (await officeNodes()).find((n) => n.id === node.id);
    expect(after).toMatchObject({ connected: false });
    expect(after).not.toHaveProperty('action');
    expect((await server.request('POST', `/api/nodes/lab/${node.id}/approve`, { token })).status).toBe(404);
  });
});

describe('network delete with members', () => {
  it("-> stats count the nodes; a forced delete removes the network's nodes and keeps the hosts", async () => {
    const stats = (await server.request<any>('GET', '/api/v1/networks/stats', { token })).body;
    expect(JSON.stringify(stats)).toContain('"hosts":2');
    expect((await server.request('DELETE', '/api/networks/office', { token })).status).toBe(400);
    expect((await server.request('DELETE', '/api/networks/office?force=true', { token })).status).toBe(200);
    expect((await server.request<any[]>('GET', '/api/nodes', { token })).body.map((n) => n.network)).toEqual([
      'lab',
      'lab',
    ]);
    expect((await server.request<any[]>('GET', '/api/hosts', { token })).body).toHaveLength(2);
  });
});
