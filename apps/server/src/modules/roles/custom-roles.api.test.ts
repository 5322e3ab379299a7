import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnlyPermissions, toNetworkRoleBody, type ResourcePermissions } from '@meshdeck/contracts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { registerFleet } from '../../../test/device-factories.ts';

// Custom network roles with per-resource permissions (issue 39): a role built by the console's form is what the
// server enforces, per resource type and scope, in its own network only.

let server: TestServer;
let adminToken: string;
let nodeId: string;
let nodeB: string;

/** A custom role on `neta` with these permissions, a group holding it, and a user of `platformRole` in it. */
async function userWithPermissions(
  username: string,
  permissions: ResourcePermissions,
  platformRole = 'platform-user',
): Promise<string> {
  const body = toNetworkRoleBody({
    id: '',
    name: `${username} role`,
    description: '',
    networkId: 'neta',
    hasFullAccess: false,
    remoteAccessGatewayIds: [],
    permissions,
  });
  const role = await server.request('POST', '/api/v1/users/role', { token: adminToken, body });
  expect(role.status).toBe(200);
  const roleId = (role.body.Response as { id: string }).id;
  const group = await server.request('POST', '/api/v1/users/group', {
    token: adminToken,
    body: { user_group: { name: `${username} group`, network_roles: { neta: { [roleId]: {} } } } },
  });
  expect(group.status).toBe(200);
  return createUserWithRole(server, username, platformRole, [(group.body.Response as { id: string }).id]);
}

beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  adminToken = await createSuperAdminAndLogin(server);
  await createNetwork(server, adminToken, 'neta');
  await createNetwork(server, adminToken, 'netb', { addressrange: '10.102.0.0/24' });
  const [host] = await registerFleet(server, adminToken, ['neta', 'netb'], ['role-host']);
  nodeId = host!.nodes.find((node) => node.network === 'neta')!.id;
  nodeB = host!.nodes.find((node) => node.network === 'netb')!.id;
});
afterAll(async () => {
  await server.close();
});

describe('custom network roles with per-resource permissions', () => {
  it('POST /api/v1/users/role -> when the role has read on every resource type, stores one read-only all_<type> grant per type', async () => {
    const body = toNetworkRoleBody({
      id: '',
      name: 'neta readers',
      description: 'looks, never touches',
      networkId: 'neta',
      hasFullAccess: false,
      remoteAccessGatewayIds: [],
      permissions: readOnlyPermissions(),
    });
    const created = await server.request('POST', '/api/v1/users/role', { token: adminToken, body });
    expect(created.status).toBe(200);
    const read = await server.request('GET', `/api/v1/users/role?role_id=${created.body.Response.id}`, {
      token: adminToken,
    });
    expect(read.body.Response.network_level_access.dns).toEqual({
      all_dns: {
        create: false,
        read: true,
        update: false,
        delete: false,
        vpn_access: false,
        self_only: false,
      },
    });
    expect(Object.keys(read.body.Response.network_level_access).sort()).toEqual(
      Object.keys(readOnlyPermissions()).sort(),
    );
  });

  it('-> when a user holds a read-only network role, it reads the network and every write answers 403', async () => {
    const token = await userWithPermissions('reader', readOnlyPermissions());
    const networks = await server.request('GET', '/api/networks', { token });
    expect(networks.body.map((network: { netid: string }) => network.netid)).toEqual(['neta']);
    expect((await server.request('GET', '/api/nodes/neta', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/dns/adm/neta', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/tags?network=neta', { token })).status).toBe(200);

    const node = (await server.request('GET', '/api/nodes/neta', { token })).body.find(
      (item: { id: string }) => item.id === nodeId,
    );
    const writes: [string, string, unknown][] = [
      ['PUT', `/api/nodes/neta/${nodeId}`, { ...node, tags: { 'neta.web': {} } }],
      ['DELETE', `/api/nodes/neta/${nodeId}?force=true`, undefined],
      ['POST', `/api/nodes/neta/${nodeId}/creategateway`, { ranges: ['10.200.0.0/24'], natenabled: 'no' }],
      ['POST', `/api/nodes/neta/${nodeId}/createingress`, {}],
      ['POST', '/api/dns/neta', { name: 'blocked', address: '10.101.0.50', network: 'neta' }],
      ['POST', '/api/v1/tags?network=neta', { tag_name: 'web', network: 'neta', tagged_nodes: [] }],
      ['PUT', '/api/networks/neta/acls/v2', {}],
    ];
    for (const [method, path, body] of writes) {
      const response = await server.request(method, path, { token, body });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
    }
    // Nothing changed: the node is still there, untagged.
    const after = (await server.request('GET', '/api/nodes/neta', { token: adminToken })).body;
    expect(after.find((item: { id: string }) => item.id === nodeId)?.tags ?? {}).not.toHaveProperty(
      'neta.web',
    );
  });

  it('-> when the role grants update on hosts only, a node update passes but its deletion, DNS and other networks answer 403', async () => {
    const token = await userWithPermissions('editor', { hosts: ['read', 'update'] }, 'service-user');
    const node = (await server.request('GET', '/api/nodes/neta', { token })).body.find(
      (item: { id: string }) => item.id === nodeId,
    );
    const updated = await server.request('PUT', `/api/nodes/neta/${nodeId}`, {
      token,
      body: { ...node, metadata: 'edited by the role' },
    });
    expect(updated.status).toBe(200);
    expect((await server.request('DELETE', `/api/nodes/neta/${nodeId}?force=true`, { token })).status).toBe(
      403,
    );
    // No DNS grant at all: not even a read.
    expect((await server.request('GET', '/api/dns/adm/neta', { token })).status).toBe(403);
    expect(
      (
        await server.request('POST', '/api/dns/neta', {
          token,
          body: { name: 'blocked', address: '10.101.0.50', network: 'neta' },
        })
      ).status,
    ).toBe(403);
    // The role is neta's: netb's node is out of reach (refused, or not even shown to exist).
    expect([403, 404]).toContain((await server.request('GET', '/api/nodes/netb', { token })).status);
    expect([403, 404]).toContain(
      (await server.request('PUT', `/api/nodes/netb/${nodeB}`, { token, body: node })).status,
    );
  });

  it('POST .../preview -> when the role may only update access control, its previews pass (they save nothing); a read-only role is refused', async () => {
    const updater = await userWithPermissions('aclupdater', { acl: ['read', 'update'] });
    const reader = await userWithPermissions('aclreader', { acl: ['read'] });
    const previews: [string, unknown][] = [
      ['/api/networks/neta/acls/preview', {}],
      // Body-located routes are judged on ?network= (api-contract §1.4: the dashboard sends it).
      ['/api/v1/acls/preview?network=neta', { network_id: 'neta' }],
    ];
    for (const [path, body] of previews) {
      const allowed = await server.request('POST', path, { token: updater, body });
      expect({ path, status: allowed.status }).toEqual({ path, status: 200 });
      const refused = await server.request('POST', path, { token: reader, body });
      expect({ path, status: refused.status }).toEqual({ path, status: 403 });
    }
    // The write itself still needs its own scope: a policy create is refused to the updater.
    const created = await server.request('POST', '/api/v1/acls?network=neta', {
      token: updater,
      body: { network_id: 'neta', name: 'nope' },
    });
    expect(created.status).toBe(403);
  });

  it('GET /api/v1/users?username= -> when a user reads itself, network_permissions lists its role scopes per network and type', async () => {
    const token = await userWithPermissions('selfreader', { hosts: ['read', 'update'], dns: ['read'] });
    const self = await server.request('GET', '/api/v1/users?username=selfreader', { token });
    expect(self.status).toBe(200);
    expect(self.body.Response.managed_networks).toEqual([]);
    expect(self.body.Response.network_permissions).toEqual({
      neta: { hosts: ['read', 'update'], dns: ['read'] },
    });
    const byAdmin = await server.request('GET', '/api/v1/users?username=selfreader', { token: adminToken });
    expect(byAdmin.body.Response).not.toHaveProperty('network_permissions');
  });
});
