import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAgent, registerFleet } from '../../../test/device-factories.ts';
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
  fleet = await registerFleet(server, token, ['office'], ['alpha', 'beta']);
});
afterEach(async () => {
  await server.close();
});

const hosts = async () => (await server.request<any[]>('GET', '/api/hosts', { token })).body;
const alpha = () => fleet[0]!;

describe('GET /api/hosts', () => {
  it('-> without a token returns 401; for a platform user 403; a host token 403', async () => {
    expect((await server.request('GET', '/api/hosts')).status).toBe(401);
    expect(
      (
        await server.request('GET', '/api/hosts', {
          token: await createUserWithRole(server, 'viewer', 'platform-user'),
        })
      ).status,
    ).toBe(403);
    expect((await server.request('GET', '/api/hosts', { token: alpha().hostToken })).status).toBe(403);
  });

  it('-> lists ApiHost objects sorted by name, with base64 key, keepalive in seconds and node ids', async () => {
    const list = await hosts();
    expect(list.map((h) => h.name)).toEqual(['alpha', 'beta']);
    expect(list[0]).toMatchObject({
      id: alpha().id,
      publickey: alpha().publickey,
      persistentkeepalive: 20,
      nodes: [alpha().nodes[0]!.id],
      dns: 'no',
    });
    expect(list[0].interfaces).toEqual([
      { name: 'eth0', address: { IP: '192.168.1.10', Mask: '////AA==' }, addressString: '192.168.1.10/24' },
    ]);
  });
});

describe('PUT /api/hosts/{hostid}', () => {
  it('-> applies editable fields (keys in any case) and keeps stored values for empty ones', async () => {
    const { listenport: _stored, ...current } = (await hosts())[0];
    const response = await server.request('PUT', `/api/hosts/${alpha().id}`, {
      token,
      body: {
        ...current,
        name: 'alpha-renamed',
        ListenPort: 51900,
        mtu: 0,
        persistentkeepalive: 25,
        verbosity: 3,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'alpha-renamed',
      listenport: 51900,
      mtu: 1420,
      persistentkeepalive: 25,
      verbosity: 3,
    });
  });

  it.each([
    [{ verbosity: 9 }, 'verbosity must be 0-4'],
    [{ listenport: 70000 }, 'listenport must be a port number'],
    [{ endpointip: 'nope' }, 'endpointip must be an IP address'],
    [{ id: '00000000-0000-4000-8000-000000000000' }, 'does not match the path'],
  ])('-> with %j returns 400 naming the problem', async (body, message) => {
    const response = await server.request('PUT', `/api/hosts/${alpha().id}`, { token, body });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
  });

  it('-> for a malformed id returns 400, for an unknown one 404', async () => {
    expect((await server.request('PUT', '/api/hosts/not-a-uuid', { token, body: {} })).status).toBe(400);
    expect(
      (await server.request('PUT', '/api/hosts/6f1b1b1e-0000-4000-8000-000000000000', { token, body: {} }))
        .status,
    ).toBe(404);
  });
});

describe('DELETE /api/hosts/{hostid}', () => {
  it('-> without force while the host has nodes, returns 400 and keeps it', async () => {
    const response = await server.request('DELETE', `/api/hosts/${alpha().id}`, { token });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('host still has associated nodes');
    expect(await hosts()).toHaveLength(2);
  });

  it('-> with force, deletes the host and its nodes and answers the envelope with the host', async () => {
    const response = await server.request('DELETE', `/api/hosts/${alpha().id}?force=true`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Code: 200,
      Message: 'deleted host alpha',
      Response: { id: alpha().id },
    });
    expect((await hosts()).map((h) => h.name)).toEqual(['beta']);
    expect((await server.request<any[]>('GET', '/api/nodes/office', { token })).body).toHaveLength(1);
  });

  it("-> with the host's own token succeeds; with another host's token returns 403", async () => {
    const beta = fleet[1]!;
    expect(
      (await server.request('DELETE', `/api/hosts/${alpha().id}?force=true`, { token: beta.hostToken }))
        .status,
    ).toBe(403);
    expect(
      (await server.request('DELETE', `/api/hosts/${alpha().id}?force=true`, { token: alpha().hostToken }))
        .status,
    ).toBe(200);
  });
});

describe('POST /api/hosts/{hostid}/networks/{network} and DELETE (leave)', () => {
  it('-> join creates a node with the lowest free address; joining twice returns 400', async () => {
    const response = await server.request('POST', `/api/hosts/${alpha().id}/networks/lab`, { token });
    expect(response.status).toBe(200);
    const lab = (await server.request<any[]>('GET', '/api/nodes/lab', { token })).body;
    expect(lab).toEqual([
      expect.objectContaining({ hostid: alpha().id, address: '10.20.0.1/24', network: 'lab' }),
    ]);
    const again = await server.request('POST', `/api/hosts/${alpha().id}/networks/lab`, { token });
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe('host is already in network lab');
  });

  it('-> join an unknown network returns 400; an unknown host 404', async () => {
    expect(
      (await server.request('POST', `/api/hosts/${alpha().id}/networks/nowhere`, { token })).status,
    ).toBe(400);
    expect(
      (
        await server.request('POST', '/api/hosts/6f1b1b1e-0000-4000-8000-000000000000/networks/lab', {
          token,
        })
      ).status,
    ).toBe(404);
  });

  it('-> leave with force deletes the node; without force marks it pending delete', async () => {
    const forced = await server.request('DELETE', `/api/hosts/${alpha().id}/networks/office?force=true`, {
      token,
    });
    expect(forced.body).toMatchObject({ Code: 200, Message: 'force deleted daemon node successfully' });
    const beta = fleet[1]!;
    const soft = await server.request('DELETE', `/api/hosts/${beta.id}/networks/office`, { token });
    expect(soft.status).toBe(200);
    const office = (await server.request<any[]>('GET', '/api/nodes/office', { token })).body;
    expect(office).toEqual([expect.objectContaining({ hostid: beta.id, pendingdelete: true })]);
    const notMember = await server.request('DELETE', `/api/hosts/${alpha().id}/networks/office`, { token });
    expect(notMember.status).toBe(400);
  });
});

describe('host actions: keys, sync, upgrade', () => {
  it('-> each sends its HostUpdate action to the host on host/update/<id>/<server>', async () => {
    const agent = await connectAgent(server, alpha());
    await agent.client.subscribeAsync(`host/update/${alpha().id}/meshdeck`);
    const topic = `host/update/${alpha().id}/meshdeck`;
    expect((await server.request('PUT', `/api/hosts/${alpha().id}/keys`, { token })).status).toBe(200);
    expect((await server.request('POST', `/api/hosts/${alpha().id}/sync`, { token })).status).toBe(200);
    const upgrade = await server.request('PUT', `/api/hosts/${alpha().id}/upgrade?force=true`, { token });
    expect(upgrade.body).toMatchObject({ Code: 200, Message: 'passed message to upgrade host' });
    expect((await server.request('PUT', '/api/hosts/keys', { token })).status).toBe(200);
    for (const action of ['UPDATE_KEYS', 'REQ_PULL', 'FORCE_UPGRADE']) {
      await agent.waitFor((m) => m.topic === topic && m.payload.Action === action);
    }
    await agent.waitFor(
      (m) =>
        m.topic === topic &&
        m.payload.Action === 'UPDATE_KEYS' &&
        agent.messages.filter((x) => x.payload.Action === 'UPDATE_KEYS').length === 2,
    );
    await agent.client.endAsync();
  });

  it('-> for an unknown host returns 404', async () => {
    const unknown = '6f1b1b1e-0000-4000-8000-000000000000';
    expect((await server.request('PUT', `/api/hosts/${unknown}/upgrade`, { token })).status).toBe(404);
    expect((await server.request('POST', `/api/hosts/${unknown}/sync`, { token })).status).toBe(404);
    expect((await server.request('PUT', `/api/hosts/${unknown}/keys`, { token })).status).toBe(404);
  });
});
