import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
let fleet: Awaited<ReturnType<typeof registerFleet>>;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
  fleet = await registerFleet(server, token, ['office'], ['alpha', 'beta', 'gamma']);
});
afterEach(async () => {
  await server.close();
});

const alpha = () => fleet[0]!;
const beta = () => fleet[1]!;

describe('GET /api/v1/host (pull)', () => {
  it('-> with a host token returns the host, its nodes and every peer with /32 allowed IPs and endpoint', async () => {
    const response = await server.request('GET', '/api/v1/host', { token: alpha().hostToken });
    expect(response.status).toBe(200);
    const pull = response.body;
    expect(pull.host.id).toBe(alpha().id);
    expect(pull.nodes.map((n: any) => n.address.IP)).toEqual(['10.10.0.1']);
    expect(pull.replace_peers).toBe(true);
    expect(pull.peers).toHaveLength(2);
    const betaKey = [...Buffer.from(beta().publickey, 'base64')];
    const betaPeer = pull.peers.find((p: any) => JSON.stringify(p.PublicKey) === JSON.stringify(betaKey));
    expect(betaPeer).toMatchObject({
      Remove: false,
      // Same public IP as alpha: the server moved beta's port up by one (api-contract §5.9).
      Endpoint: { IP: '203.0.113.10', Port: 51822, Zone: '' },
      AllowedIPs: [{ IP: '10.10.0.2', Mask: '/////w==' }],
      PersistentKeepaliveInterval: 20_000_000_000,
    });
    expect(pull.peer_ids[beta().publickey]).toMatchObject({
      host_id: beta().id,
      address: '10.10.0.2',
      name: 'beta',
      network: 'office',
    });
    expect(pull.server_config.Server).toBe('meshdeck');
  });

  it('-> without a token returns 401; with a user token 403', async () => {
    expect((await server.request('GET', '/api/v1/host')).status).toBe(401);
    expect((await server.request('GET', '/api/v1/host', { token })).status).toBe(403);
    expect((await server.request('GET', '/api/v1/host', { token: 'garbage' })).status).toBe(401);
  });
});

describe('PUT /api/v1/fallback/host/{hostid}', () => {
  it('-> CHECK_IN records the check-in and the reported endpoint; peers see the new endpoint', async () => {
    // 20 minutes ago: offline for the status rule (> 10 min) but still taking part in peers (< 1 h).
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000).toISOString();
    await server.app.meshdeck.database.db
      .updateTable('nodes')
      .set({ last_check_in: twentyMinutesAgo })
      .execute();
    const response = await server.request('PUT', `/api/v1/fallback/host/${alpha().id}`, {
      token: alpha().hostToken,
      body: {
        Action: 'CHECK_IN',
        Host: { endpointip: '198.51.100.7', listenport: 51999, version: 'v0.30.1' },
      },
    });
    expect(response.body).toEqual({ Code: 200, Message: 'updated host data', Response: null });
    const nodes = (await server.request<any[]>('GET', '/api/nodes/office', { token })).body;
    expect(nodes.find((n) => n.hostid === alpha().id)).toMatchObject({ status: 'online' });
    expect(nodes.find((n) => n.hostid === beta().id)).toMatchObject({ status: 'offline' });
    const pull = (await server.request('GET', '/api/v1/host', { token: beta().hostToken })).body;
    expect(pull.peers.map((p: any) => p.Endpoint)).toContainEqual({
      IP: '198.51.100.7',
      Port: 51999,
      Zone: '',
    });
  });

  it('-> CHECK_IN stores the firewall tool the agent reports; a check-in without it keeps it; an unknown tool is a 400 naming the field that writes nothing', async () => {
    const checkIn = (host: Record<string, unknown>) =>
      server.request('PUT', `/api/v1/fallback/host/${alpha().id}`, {
        token: alpha().hostToken,
        body: { Action: 'CHECK_IN', Host: host },
      });
    const shown = async () => {
      const hosts = (await server.request<any[]>('GET', '/api/hosts', { token })).body;
      const host = hosts.find((h) => h.id === alpha().id);
      return { firewall: host.firewallinuse, endpoint: host.endpointip };
    };
    // Registered without a tool (the fleet's hosts say "none").
    expect((await shown()).firewall).toBe('none');
    expect((await checkIn({ firewallinuse: 'nftables', version: 'v0.30.1' })).status).toBe(200);
    expect((await shown()).firewall).toBe('nftables');
    expect((await checkIn({ version: 'v0.30.1' })).status).toBe(200);
    expect((await shown()).firewall).toBe('nftables');
    const before = await shown();
    const refused = await checkIn({ firewallinuse: 'pf', endpointip: '198.51.100.99' });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('firewallinuse must be one of iptables, nftables, none');
    expect(await shown()).toEqual(before);
    expect((await checkIn({ firewallinuse: 'iptables' })).status).toBe(200);
    expect((await shown()).firewall).toBe('iptables');
  });

  it('-> CHECK_IN that repeats what is stored publishes no event; one that changes a shown field publishes one host event', async () => {
    // What the agent sends at every check-in (agent-loop.ts): version, key, endpoint, port, interfaces, firewall.
    const host = {
      version: 'v0.30.0',
      publickey: alpha().publickey,
      endpointip: '203.0.113.10',
      listenport: 51821,
      interfaces: [{ name: 'eth0', addressString: '192.168.1.10/24' }],
      firewallinuse: 'none',
    };
    const checkIn = async (body: Record<string, unknown>) =>
      expect(
        (
          await server.request('PUT', `/api/v1/fallback/host/${alpha().id}`, {
            token: alpha().hostToken,
            body: { Action: 'CHECK_IN', Host: body },
          })
        ).status,
      ).toBe(200);
    await checkIn(host);
    const events: string[] = [];
    const unsubscribe = server.app.meshdeck.events.subscribe((event) =>
      events.push(`${event.resource} ${event.action} ${event.id ?? event.network ?? ''}`),
    );
    for (let i = 0; i < 5; i++) await checkIn(host);
    expect(events).toEqual([]);
    await checkIn({ ...host, version: 'v0.30.2' });
    expect(events).toEqual([`hosts updated ${alpha().id}`]);
    unsubscribe();
    const shown = (await server.request<any[]>('GET', '/api/hosts', { token })).body;
    expect(shown.find((h) => h.id === alpha().id)).toMatchObject({ version: 'v0.30.2' });
  });

  it("-> for another host's id returns 403 and changes nothing", async () => {
    const response = await server.request('PUT', `/api/v1/fallback/host/${beta().id}`, {
      token: alpha().hostToken,
      body: { Action: 'DELETE_HOST' },
    });
    expect(response.status).toBe(403);
    expect((await server.request<any[]>('GET', '/api/hosts', { token })).body).toHaveLength(3);
  });

  it.each([
    [{ Action: 'FLY' }, 'Action must be one of'],
    [{ Action: 'UPDATE_HOST', Host: { publickey: 'short' } }, 'publickey must be a WireGuard key'],
    [{ Action: 'UPDATE_NODE', Node: { id: 'someone-else', connected: false } }, 'one of this host'],
  ])('-> with %j returns 400', async (body, message) => {
    const response = await server.request('PUT', `/api/v1/fallback/host/${alpha().id}`, {
      token: alpha().hostToken,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
  });

  it('-> DELETE_HOST from the agent removes the host and its nodes', async () => {
    const response = await server.request('PUT', `/api/v1/fallback/host/${alpha().id}`, {
      token: alpha().hostToken,
      body: { Action: 'DELETE_HOST' },
    });
    expect(response.status).toBe(200);
    expect((await server.request<any[]>('GET', '/api/hosts', { token })).body.map((h) => h.name)).toEqual([
      'beta',
      'gamma',
    ]);
  });
});

describe('POST /api/hosts/adm/authenticate (host token refresh)', () => {
  it('-> with the registered password returns a fresh host token that works for pulls', async () => {
    const response = await server.request('POST', '/api/hosts/adm/authenticate', {
      body: { id: alpha().id, password: alpha().hostpass },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Code: 200,
      Message: `W1R3: Host ${alpha().id} Authorized`,
      Response: { ID: alpha().id },
    });
    expect(
      (await server.request('GET', '/api/v1/host', { token: response.body.Response.AuthToken })).status,
    ).toBe(200);
  });

  it('-> with a wrong password returns 401; an unknown host or missing fields 400', async () => {
    expect(
      (
        await server.request('POST', '/api/hosts/adm/authenticate', {
          body: { id: alpha().id, password: 'wrong-password' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await server.request('POST', '/api/hosts/adm/authenticate', { body: { id: 'nobody', password: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await server.request('POST', '/api/hosts/adm/authenticate', { body: { id: alpha().id } })).status,
    ).toBe(400);
  });
});
