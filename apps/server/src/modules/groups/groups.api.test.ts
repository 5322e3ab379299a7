import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  createNetwork,
  createSuperAdminAndLogin,
  createUserWithRole,
  login,
} from '../../../test/factories.ts';

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

const netids = async (userToken: string) =>
  ((await server.request('GET', '/api/networks', { token: userToken })).body as { netid: string }[]).map(
    (n) => n.netid,
  );
const groupsOf = async (username: string) =>
  Object.keys(
    (await server.request('GET', `/api/users/${username}`, { token })).body.user_group_ids as object,
  );

describe('/api/v1/users/group', () => {
  it('-> lists the default groups: the two global ones and the two of each network', async () => {
    const response = await server.request('GET', '/api/v1/users/groups', { token });
    expect((response.body.Response as { id: string }[]).map((g) => g.id).sort()).toEqual([
      'global-network-admin-grp',
      'global-network-user-grp',
      'neta-network-admin-grp',
      'neta-network-user-grp',
    ]);
    expect(
      response.body.Response.find((g: { id: string }) => g.id === 'neta-network-user-grp'),
    ).toMatchObject({ default: true, network_roles: { neta: { 'neta-network-user': {} } } });
  });

  it('-> creates a group with members, who then see its network; edits members; deleting it removes access', async () => {
    await createUserWithRole(server, 'pat-user', 'platform-user');
    await createUserWithRole(server, 'quinn-user', 'platform-user');
    const created = await server.request('POST', '/api/v1/users/group', {
      token,
      body: {
        user_group: {
          id: 'field-team',
          name: 'Field team',
          platform_role: 'platform-user',
          network_roles: { neta: { 'neta-network-user': {} } },
        },
        members: ['pat-user'],
      },
    });
    expect(created.status).toBe(200);
    const group = created.body.Response;
    expect(group).toMatchObject({ name: 'Field team', default: false });
    expect(await groupsOf('pat-user')).toEqual([group.id]);
    expect(await netids(await login(server, 'pat-user', 'password-123'))).toEqual(['neta']);

    const updated = await server.request('PUT', '/api/v1/users/group', {
      token,
      body: { id: group.id, name: 'Field team', network_roles: group.network_roles, members: ['quinn-user'] },
    });
    expect(updated.status).toBe(200);
    expect(await groupsOf('pat-user')).toEqual([]);
    expect(await groupsOf('quinn-user')).toEqual([group.id]);

    expect(
      (await server.request('DELETE', `/api/v1/users/group?group_id=${group.id}`, { token })).status,
    ).toBe(200);
    expect(await groupsOf('quinn-user')).toEqual([]);
    expect(await netids(await login(server, 'quinn-user', 'password-123'))).toEqual([]);
  });

  it.each([
    [{ user_group: { name: 'neta Admin Group' } }, 'group name neta Admin Group is already in use'],
    [
      { user_group: { name: 'g', network_roles: { neta: { 'no-role': {} } } } },
      'role no-role does not exist',
    ],
    [{ user_group: { name: 'g', network_roles: { neta: { admin: {} } } } }, 'role admin is a platform role'],
    [
      {
        user_group: {
          name: 'g',
          network_roles: { all_networks: { 'global-network-user': {} }, neta: { 'neta-network-user': {} } },
        },
      },
      'cannot mix all_networks',
    ],
    [{ user_group: { name: 'g' }, members: ['ghost-user'] }, 'user ghost-user does not exist'],
    [{ members: [] }, 'user_group is required'],
  ])('-> POST with %j returns 400 with a clear message and creates nothing', async (body, message) => {
    const before = (await server.request('GET', '/api/v1/users/groups', { token })).body.Response
      .length as number;
    const response = await server.request('POST', '/api/v1/users/group', { token, body });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
    expect((await server.request('GET', '/api/v1/users/groups', { token })).body.Response).toHaveLength(
      before,
    );
  });

  it('-> lists the groups and users with access to one network', async () => {
    await createNetwork(server, token, 'netb', { addressrange: '10.102.0.0/24' });
    await createUserWithRole(server, 'sid-user', 'platform-user', ['netb-network-user-grp']);
    await createUserWithRole(server, 'tom-user', 'platform-user', ['neta-network-user-grp']);
    const groups = await server.request('GET', '/api/v1/users/groups/network?network=netb', { token });
    expect((groups.body.Response as { id: string }[]).map((g) => g.id).sort()).toEqual([
      'global-network-admin-grp',
      'global-network-user-grp',
      'netb-network-admin-grp',
      'netb-network-user-grp',
    ]);
    const users = await server.request('GET', '/api/v1/users/network?network=netb', { token });
    expect((users.body.Response as { username: string }[]).map((u) => u.username)).toEqual([
      'admin',
      'sid-user',
    ]);
    expect((await server.request('GET', '/api/v1/users/network', { token })).body.Message).toContain(
      'network is required',
    );
  });

  it('-> refuses to edit or delete a default group; an unknown group is 404', async () => {
    expect(
      (
        await server.request('PUT', '/api/v1/users/group', {
          token,
          body: { id: 'neta-network-admin-grp', name: 'x' },
        })
      ).body.Message,
    ).toBe('group neta-network-admin-grp is a default group and cannot be edited');
    expect(
      (await server.request('DELETE', '/api/v1/users/group?group_id=global-network-admin-grp', { token }))
        .status,
    ).toBe(400);
    expect((await server.request('GET', '/api/v1/users/group?group_id=ghost', { token })).status).toBe(404);
  });

  it('-> deleting a network deletes its roles and groups and takes its members out, so a new network of that name starts empty', async () => {
    await createUserWithRole(server, 'rita-user', 'platform-user', ['neta-network-admin-grp']);
    expect((await server.request('DELETE', '/api/networks/neta', { token })).status).toBe(200);
    const groups = (await server.request('GET', '/api/v1/users/groups', { token })).body.Response as {
      id: string;
    }[];
    expect(groups.map((g) => g.id)).not.toContain('neta-network-admin-grp');
    expect(await groupsOf('rita-user')).toEqual([]);
    await createNetwork(server, token, 'neta');
    expect(await netids(await login(server, 'rita-user', 'password-123'))).toEqual([]);
  });
});
