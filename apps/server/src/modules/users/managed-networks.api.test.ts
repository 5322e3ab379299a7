import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'neta');
  await createNetwork(server, token, 'netb', { addressrange: '10.102.0.0/24' });
});
afterEach(async () => {
  await server.close();
});

/** A custom role on `neta` (full access or not) given to a group, and a platform user in that group. */
async function userWithCustomRole(username: string, fullAccess: boolean): Promise<string> {
  const role = await server.request('POST', '/api/v1/users/role', {
    token,
    body: { id: `${username}-role`, network_id: 'neta', full_access: fullAccess, network_level_access: {} },
  });
  expect(role.status).toBe(200);
  const roleId = (role.body.Response as { id: string }).id;
  const group = await server.request('POST', '/api/v1/users/group', {
    token,
    body: {
      user_group: {
        name: `${username} group`,
        platform_role: 'platform-user',
        network_roles: { neta: { [roleId]: {} } },
      },
    },
  });
  expect(group.status).toBe(200);
  const groupId = (group.body.Response as { id: string }).id;
  return createUserWithRole(server, username, 'platform-user', [groupId]);
}

describe('GET /api/v1/users?username= managed_networks (Meshdeck)', () => {
  it('-> when a user holds a custom full-access role on one network through a group, names that network', async () => {
    const userToken = await userWithCustomRole('olga', true);
    const response = await server.request('GET', '/api/v1/users?username=olga', { token: userToken });
    expect(response.status).toBe(200);
    expect(response.body.Response.managed_networks).toEqual(['neta']);
  });

  it('-> when the custom role is not full access, names no network', async () => {
    const userToken = await userWithCustomRole('pete', false);
    const response = await server.request('GET', '/api/v1/users?username=pete', { token: userToken });
    expect(response.body.Response.managed_networks).toEqual([]);
  });

  it('-> for a platform admin, names all networks; when an admin reads another user, the field is absent', async () => {
    const own = await server.request('GET', '/api/v1/users?username=admin', { token });
    expect(own.body.Response.managed_networks).toEqual(['all_networks']);
    await userWithCustomRole('quinn', true);
    const other = await server.request('GET', '/api/v1/users?username=quinn', { token });
    expect(other.status).toBe(200);
    expect(other.body.Response).not.toHaveProperty('managed_networks');
  });
});
