import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedHosts } from '../../../test/bulk-seed.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let hostIds: string[];
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'big', { addressrange: '10.40.0.0/16' });
  await createNetwork(server, token, 'lab', { addressrange: '10.20.0.0/24' });
  hostIds = await seedHosts(server.app.meshdeck.database.db, {
    network: 'big',
    range: '10.40.0.0/16',
    count: 250,
  });
});
afterEach(async () => {
  await server.close();
});

type Page<T> = { total: number; offset: number; items: T[] };
type NodeItem = {
  id: string;
  hostId: string;
  name: string;
  address: string;
  status: string;
  flags: string[];
};
type HostItem = { id: string; name: string; status: string; nodes: { network: string; address: string }[] };
const nodeList = (query = '') =>
  server.request<Page<NodeItem>>('GET', `/api/console/nodes/big${query}`, { token });
const hostList = (query = '') =>
  server.request<Page<HostItem>>('GET', `/api/console/hosts${query}`, { token });

describe('GET /api/console/nodes/{network}', () => {
  it('-> without a query returns every node as a lean row, sorted by host name, with the network prefix', async () => {
    const response = await nodeList();
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(250);
    expect(response.body.items).toHaveLength(250);
    expect(response.body.items[0]).toMatchObject({
      name: 'big-host-000000',
      address: '10.40.0.1/16',
      status: 'online',
      isConnected: true,
      flags: [],
    });
    expect(response.body.items.map((item) => item.name)).toEqual(
      [...response.body.items.map((item) => item.name)].sort(),
    );
    expect(response.body.items[0]).not.toHaveProperty('wire');
  });

  it('-> when searching, sorting descending and paging, returns exactly that window of the matches', async () => {
    const response = await nodeList('?search=HOST-00012&sort=-name&offset=2&limit=3');
    expect(response.body.total).toBe(10);
    expect(response.body.offset).toBe(2);
    expect(response.body.items.map((item) => item.name)).toEqual([
      'big-host-000127',
      'big-host-000126',
      'big-host-000125',
    ]);
  });

  it('-> with ids or host returns just those rows, so one change patches one row', async () => {
    const all = (await nodeList()).body.items;
    const [first, second] = [all[0]!, all[1]!];
    expect((await nodeList(`?ids=${first.id},${second.id}`)).body.items.map((item) => item.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect((await nodeList(`?host=${hostIds[7]}`)).body.items.map((item) => item.name)).toEqual([
      'big-host-000007',
    ]);
  });

  it('-> when a node is disconnected, the status filter finds it as offline', async () => {
    const node = (await nodeList()).body.items[3]!;
    expect(
      (await server.request('PUT', `/api/nodes/big/${node.id}`, { token, body: { connected: false } }))
        .status,
    ).toBe(200);
    const offline = await nodeList('?status=offline');
    expect(offline.body.items.map((item) => item.id)).toEqual([node.id]);
  });

  it.each([
    ['?sort=colour', 'sort must be one of'],
    ['?status=sleepy', 'status'],
    ['?limit=0', 'limit must be at least 1'],
    ['?type=routers', 'type'],
  ])('-> with %s returns 400 with a clear message', async (query, message) => {
    const response = await server.request<{ Message: string }>('GET', `/api/console/nodes/big${query}`, {
      token,
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
  });

  it('-> for an unknown network, or one the caller holds no role in, returns 404', async () => {
    expect((await server.request('GET', '/api/console/nodes/nowhere', { token })).status).toBe(404);
    const labAdmin = await createUserWithRole(server, 'labadmin', 'platform-user', ['lab-network-admin-grp']);
    expect((await server.request('GET', '/api/console/nodes/big', { token: labAdmin })).status).toBe(404);
    expect((await server.request('GET', '/api/console/nodes/lab', { token: labAdmin })).status).toBe(200);
    expect((await server.request('GET', '/api/console/nodes/big')).status).toBe(401);
  });
});

describe('GET /api/console/hosts and /api/console/hosts/{hostid}', () => {
  it('-> returns each host as a lean row with its nodes and their worst status', async () => {
    const response = await hostList('?search=big-host-000042');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items[0]).toMatchObject({
      id: hostIds[42],
      status: 'online',
      nodes: [{ network: 'big', address: '10.40.0.43' }],
    });
    expect((await hostList('?limit=5&sort=-name')).body.items.map((item) => item.name)[0]).toBe(
      'big-host-000249',
    );
  });

  it('-> one host in full is the ApiHost form; an unknown one is 404; a platform user gets 403', async () => {
    const response = await server.request<{ id: string; nodes: string[] }>(
      'GET',
      `/api/console/hosts/${hostIds[0]}`,
      { token },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: hostIds[0], name: 'big-host-000000' });
    expect(response.body.nodes).toHaveLength(1);
    expect((await server.request('GET', `/api/console/hosts/${randomUUID()}`, { token })).status).toBe(404);
    const user = await createUserWithRole(server, 'someone', 'platform-user', []);
    expect((await server.request('GET', '/api/console/hosts', { token: user })).status).toBe(403);
  });
});
