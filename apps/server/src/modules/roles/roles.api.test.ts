import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'neta');
});
afterEach(async () => {
  await server.close();
});

const ids = (body: { Response: { id: string }[] }) => body.Response.map((role) => role.id);
const gatewayReader = { remote_access_gw: { 'gw-1': { read: true, vpn_access: true } } };

describe('GET /api/v1/users/roles', () => {
  it('-> lists the Pro platform roles with platform=true, and network roles (global and per network) otherwise', async () => {
    const platform = await server.request('GET', '/api/v1/users/roles?platform=true', { token });
    expect(ids(platform.body)).toEqual(
      expect.arrayContaining(['super-admin', 'admin', 'platform-user', 'service-user', 'auditor']),
    );
    expect(platform.body.Response.find((role: { id: string }) => role.id === 'service-user')).toMatchObject({
      deny_dashboard_access: true,
      default: true,
      network_id: '',
    });
    const network = await server.request('GET', '/api/v1/users/roles', { token });
    expect(ids(network.body).sort()).toEqual([
      'global-network-admin',
      'global-network-user',
      'neta-network-admin',
      'neta-network-user',
    ]);
  });

  it('-> on community, lists only super-admin and admin', async () => {
    const community = await startTestServer();
    const communityToken = await createSuperAdminAndLogin(community);
    expect(
      ids((await community.request('GET', '/api/v1/users/roles', { token: communityToken })).body).sort(),
    ).toEqual(['admin', 'super-admin']);
    expect(
      (await community.request('POST', '/api/v1/users/role', { token: communityToken, body: {} })).status,
    ).toBe(404);
    await community.close();
  });
});

describe('/api/v1/users/role', () => {
  it('-> creates a custom network role from the v0.30 dashboard payload, edits it, and deletes it', async () => {
    const created = await server.request('POST', '/api/v1/users/role', {
      token,
      body: {
        id: 'gateway users',
        network_id: 'neta',
        full_access: false,
        network_level_access: gatewayReader,
      },
    });
    expect(created.status).toBe(200);
    const role = created.body.Response;
    expect(role).toMatchObject({ name: 'gateway users', network_id: 'neta', default: false });
    expect(role.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(role.network_level_access.remote_access_gw['gw-1']).toEqual({
      create: false,
      read: true,
      update: false,
      delete: false,
      vpn_access: true,
      self_only: false,
    });
    const updated = await server.request('PUT', '/api/v1/users/role', {
      token,
      body: { id: role.id, network_id: 'neta', full_access: true },
    });
    expect(updated.body.Response.full_access).toBe(true);
    expect(
      (await server.request('GET', `/api/v1/users/role?role_id=${role.id}`, { token })).body.Response
        .full_access,
    ).toBe(true);
    expect((await server.request('DELETE', `/api/v1/users/role?role_id=${role.id}`, { token })).status).toBe(
      200,
    );
    expect((await server.request('GET', `/api/v1/users/role?role_id=${role.id}`, { token })).status).toBe(
      404,
    );
  });

  it.each([
    [{ name: 'x' }, 'network_id is required'],
    [{ network_id: 'neta' }, 'name is required'],
    [{ name: 'x', network_id: 'ghost' }, 'network ghost does not exist'],
    [
      { name: 'x', network_id: 'neta', network_level_access: { spaceships: {} } },
      'network_level_access: Unrecognized key: "spaceships"',
    ],
    [{ name: 'neta User', network_id: 'neta' }, 'role name neta User is already in use'],
  ])('-> POST with %j returns 400 with a clear message', async (body, message) => {
    const response = await server.request('POST', '/api/v1/users/role', { token, body });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
  });

  it('-> refuses to edit or delete default and platform roles, and to move a role to another network', async () => {
    await createNetwork(server, token, 'netb', { addressrange: '10.102.0.0/24' });
    const editDefault = await server.request('PUT', '/api/v1/users/role', {
      token,
      body: { id: 'neta-network-user', network_id: 'neta' },
    });
    expect(editDefault.body.Message).toBe('role neta-network-user is a default role and cannot be edited');
    expect((await server.request('DELETE', '/api/v1/users/role?role_id=admin', { token })).body.Message).toBe(
      'role admin is a platform role and cannot be deleted',
    );
    expect(
      (await server.request('DELETE', '/api/v1/users/role?role_id=neta-network-admin', { token })).status,
    ).toBe(400);
    const custom = (
      await server.request('POST', '/api/v1/users/role', { token, body: { name: 'c', network_id: 'neta' } })
    ).body.Response;
    const moved = await server.request('PUT', '/api/v1/users/role', {
      token,
      body: { id: custom.id, network_id: 'netb' },
    });
    expect(moved.body.Message).toBe(`role ${String(custom.id)} belongs to network neta, not netb`);
  });

  it('-> a custom role with full access, given through a group, makes its members network admins of that network', async () => {
    const role = (
      await server.request('POST', '/api/v1/users/role', {
        token,
        body: { name: 'ops', network_id: 'neta', full_access: true },
      })
    ).body.Response;
    await createUserWithRole(server, 'olga', 'platform-user');
    const group = await server.request('POST', '/api/v1/users/group', {
      token,
      body: { user_group: { name: 'Ops', network_roles: { neta: { [role.id]: {} } } }, members: ['olga'] },
    });
    expect(group.status).toBe(200);
    const olga = (
      await server.request('POST', '/api/users/adm/authenticate', {
        body: { username: 'olga', password: 'password-123' },
      })
    ).body.Response.AuthToken as string;
    expect(
      (
        await server.request('PUT', '/api/nodes/neta/00000000-0000-4000-8000-000000000001', {
          token: olga,
          body: {},
        })
      ).status,
    ).not.toBe(403);
    // Deleting the role takes it away at once.
    await server.request('DELETE', `/api/v1/users/role?role_id=${role.id}`, { token });
    expect(
      (
        await server.request('PUT', '/api/nodes/neta/00000000-0000-4000-8000-000000000001', {
          token: olga,
          body: {},
        })
      ).status,
    ).toBe(403);
  });
});
