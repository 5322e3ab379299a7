import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { gatewayNetwork } from '../../../test/remote-access-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof gatewayNetwork>>;
let bob: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await gatewayNetwork(server);
  bob = await createUserWithRole(server, 'bob', 'platform-user');
});
afterEach(async () => {
  await server.close();
});

const attachUrl = (user: string, gw: string) => `/api/users/${user}/remote_access_gw/${gw}`;
const configUrl = (gw: string, racId: string) =>
  `/api/v1/rac/access_point/${gw}/config?remote_access_clientid=${racId}`;

describe('user remote access (api-contract §2.13)', () => {
  it('-> an attached user sees the gateway, gets a client on first config and loses it when detached', async () => {
    const attached = await server.request<any>('POST', attachUrl('bob', net.gatewayNode), {
      token: net.token,
    });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ username: 'bob', remote_gw_ids: { [net.gatewayNode]: {} } });
    const users = await server.request<any>('GET', `/api/users/ingress/${net.gatewayNode}`, {
      token: net.token,
    });
    expect(users.body).toMatchObject({
      node_id: net.gatewayNode,
      network: 'office',
      users: [{ username: 'bob' }],
    });

    const gateways = await server.request<any>('GET', '/api/users/bob/remote_access_gw', { token: bob });
    expect(Object.keys(gateways.body)).toEqual(['office']);
    expect(gateways.body.office[0]).toMatchObject({
      remote_access_gw_id: net.gatewayNode,
      gw_name: 'gateway',
      gw_peer_public_key: net.gatewayHost.publickey,
      allowed_endpoints: ['203.0.113.10'],
    });
    expect(
      (await server.request<any>('GET', '/api/v1/rac/networks', { token: bob })).body.Response.map(
        (n: any) => n.netid,
      ),
    ).toEqual(['office']);
    const points = await server.request<any>('GET', '/api/v1/rac/network/office/access_points', {
      token: bob,
    });
    expect(points.body.Response).toEqual([
      expect.objectContaining({ remote_access_gw_id: net.gatewayNode, metadata: 'office gateway' }),
    ]);

    const first = await server.request<any>('GET', configUrl(net.gatewayNode, 'mac-1'), { token: bob });
    expect(first.status).toBe(200);
    expect(first.body.Response.gw_client).toMatchObject({
      ownerid: 'bob',
      remote_access_client_id: 'mac-1',
      allowed_ips: ['10.10.0.0/24'],
    });
    const again = await server.request<any>('GET', configUrl(net.gatewayNode, 'mac-1'), { token: bob });
    expect(again.body.Response.gw_client.clientid).toBe(first.body.Response.gw_client.clientid);
    expect(
      (await server.request<any[]>('GET', '/api/extclients/office', { token: net.token })).body,
    ).toHaveLength(1);

    const detached = await server.request<any>('DELETE', attachUrl('bob', net.gatewayNode), {
      token: net.token,
    });
    expect(detached.body.remote_gw_ids).toEqual({});
    expect((await server.request<any[]>('GET', '/api/extclients/office', { token: net.token })).body).toEqual(
      [],
    );
    const refused = await server.request<any>('GET', configUrl(net.gatewayNode, 'mac-1'), { token: bob });
    expect(refused.status).toBe(403);
  });

  it('-> simultaneous config calls with one remote-access client id create one client and all answer with it', async () => {
    await server.request<any>('POST', attachUrl('bob', net.gatewayNode), { token: net.token });
    // Injected, so all eight enter the server in the same tick (over sockets, one may finish before the next is
    // read). On PostgreSQL (a connection pool) eight clients were created before the check under the network lock;
    // on SQLite the one connection already queues each call's reads behind the other's transaction.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.app.inject({
          method: 'GET',
          url: configUrl(net.gatewayNode, 'phone-1'),
          headers: { authorization: `Bearer ${bob}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => a.json().Response.gw_client.clientid));
    expect(ids.size).toBe(1);
    const clients = (await server.request<any[]>('GET', '/api/extclients/office', { token: net.token })).body;
    expect(clients.map((c: any) => c.clientid)).toEqual([...ids]);
    // Another device of the same user gets a client of its own.
    const other = await server.request<any>('GET', configUrl(net.gatewayNode, 'phone-2'), { token: bob });
    expect(ids.has(other.body.Response.gw_client.clientid)).toBe(false);
  });

  it('-> POST /api/extclients for a device the owner already has on the gateway returns 400', async () => {
    const body = { remote_access_client_id: 'laptop-7' };
    const first = await server.request<any>('POST', `/api/extclients/office/${net.gatewayNode}`, {
      token: net.token,
      body,
    });
    expect(first.status).toBe(200);
    const second = await server.request<any>('POST', `/api/extclients/office/${net.gatewayNode}`, {
      token: net.token,
      body,
    });
    expect(second.status).toBe(400);
    expect(second.body.Message).toBe('remote client config already exists on the gateway');
  });

  it('-> a network user reaches the network gateways through its role; others see none', async () => {
    const carol = await createUserWithRole(server, 'carol', 'platform-user', ['office-network-user-grp']);
    expect(
      (await server.request<any>('GET', '/api/v1/rac/network/office/access_points', { token: carol })).body
        .Response,
    ).toHaveLength(1);
    expect(
      (await server.request<any>('GET', '/api/v1/rac/network/office/access_points', { token: bob })).body
        .Response,
    ).toEqual([]);
    expect(
      (await server.request<any>('GET', configUrl(net.gatewayNode, 'pc-1'), { token: bob })).status,
    ).toBe(403);
  });

  it('-> attaching an admin or to a node that is not a gateway returns 400 with a clear message', async () => {
    await createUserWithRole(server, 'dora', 'admin');
    const admin = await server.request<any>('POST', attachUrl('dora', net.gatewayNode), { token: net.token });
    expect(admin.status).toBe(400);
    expect(admin.body.Message).toBe('dora is an admin and can use every gateway already');
    const notGateway = await server.request<any>('POST', attachUrl('bob', net.meshNode), {
      token: net.token,
    });
    expect(notGateway.status).toBe(400);
    expect(notGateway.body.Message).toBe('ingress does not exist');
    expect(
      (await server.request<any>('GET', `/api/users/ingress/${net.gatewayNode}`, { token: net.token })).body
        .users,
    ).toEqual([]);
  });

  it('-> the config route without remote_access_clientid returns 400; metrics-ext answers {}', async () => {
    const missing = await server.request<any>('GET', `/api/v1/rac/access_point/${net.gatewayNode}/config`, {
      token: net.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe('remote_access_clientid is required');
    const metrics = await server.request<any>('GET', '/api/metrics-ext/office', { token: net.token });
    expect(metrics).toMatchObject({ status: 200, body: {} });
  });
});
