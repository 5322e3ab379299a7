import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  createNetwork,
  createSuperAdminAndLogin,
  createUserWithRole,
  login,
} from '../../../test/factories.ts';

let server: TestServer;
let superToken: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  superToken = await createSuperAdminAndLogin(server);
});
afterEach(async () => {
  await server.close();
});

const createUser = (username: string, role: string, extra: Record<string, unknown> = {}) =>
  server.request('POST', `/api/users/${username}`, {
    token: superToken,
    body: { password: 'secret-123', platform_role_id: role, ...extra },
  });

describe('PUT /api/users/:username', () => {
  it('-> when the super-admin changes a role, saves it, deletes access tokens, and the session goes on under the new role', async () => {
    await createUser('carol', 'platform-user');
    const carol = await login(server, 'carol', 'secret-123');
    const minted = await server.request('POST', '/api/v1/users/access_token', {
      token: carol,
      body: { name: 'ci', user_name: 'carol', expires_at: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(minted.status).toBe(200);
    const apiToken = minted.body.Response.AuthToken as string;
    expect((await server.request('GET', '/api/users/carol', { token: apiToken })).status).toBe(200);

    const updated = await server.request('PUT', '/api/users/carol', {
      token: superToken,
      body: { username: 'carol', platform_role_id: 'auditor' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ platform_role_id: 'auditor', num_access_tokens: 0 });
    expect((await server.request('GET', '/api/users/carol', { token: apiToken })).status).toBe(401);
    // Decision 032: the console session is not ended; each request reads the role afresh. A platform user may not
    // list users, an auditor may, and the same session token now can.
    expect((await server.request('GET', '/api/users', { token: carol })).status).toBe(200);
    const demoted = await server.request('PUT', '/api/users/carol', {
      token: superToken,
      body: { username: 'carol', platform_role_id: 'platform-user' },
    });
    expect(demoted.status).toBe(200);
    expect((await server.request('GET', '/api/users', { token: carol })).status).toBe(403);
  });

  it('-> when a user changes its own password, it can log in with the new one; its role it cannot change', async () => {
    await createUser('dave', 'platform-user');
    const dave = await login(server, 'dave', 'secret-123');
    expect(
      (
        await server.request('PUT', '/api/users/dave', {
          token: dave,
          body: { password: 'new-secret-1', current_password: 'secret-123' },
        })
      ).status,
    ).toBe(200);
    expect(await login(server, 'dave', 'new-secret-1')).toMatch(/\./);
    const promote = await server.request('PUT', '/api/users/dave', {
      token: dave,
      body: { platform_role_id: 'admin' },
    });
    expect(promote.status).toBe(403);
    expect(promote.body.Message).toBe('you cannot change your own platform role');
    const groups = await server.request('PUT', '/api/users/dave', {
      token: dave,
      body: { user_group_ids: { 'global-network-admin-grp': {} } },
    });
    expect(groups.status).toBe(403);
    expect(
      (await server.request('PUT', '/api/users/admin', { token: dave, body: { password: 'hijacked-1' } }))
        .status,
    ).toBe(403);
  });

  it('-> when a user changes its own password without the current one, or with a wrong one, returns 400 and the old password still works (issue 29)', async () => {
    await createUser('erin', 'platform-user');
    const erin = await login(server, 'erin', 'secret-123');
    for (const body of [
      { password: 'taken-over-1' },
      { password: 'taken-over-1', current_password: '' },
      { password: 'taken-over-1', current_password: 'not-it-123' },
    ]) {
      const answer = await server.request('PUT', '/api/users/erin', { token: erin, body });
      expect(answer.status).toBe(400);
      expect(answer.body.Message).toMatch(/current_password/);
    }
    expect(await login(server, 'erin', 'secret-123')).toMatch(/\./);
    // An admin resetting someone else's password does not know it and need not.
    expect(
      (
        await server.request('PUT', '/api/users/erin', {
          token: superToken,
          body: { password: 'reset-by-admin-1' },
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    [{ platform_role_id: 'super-admin' }, 403, 'transfersuperadmin'],
    [{ platform_role_id: 'owner' }, 400, 'platform role owner does not exist'],
    [{ user_group_ids: { 'no-such-grp': {} } }, 400, 'user group no-such-grp does not exist'],
    [{ network_roles: { neta: { 'ghost-role': {} } } }, 400, 'role ghost-role does not exist'],
    [{ password: 'short' }, 400, 'password must be at least 8 characters'],
    [{ username: 'someone-else' }, 400, 'must match'],
  ])(
    '-> when the body is %j, answers %i with a clear message and changes nothing',
    async (body, status, message) => {
      await createUser('erin', 'platform-user');
      const before = (await server.request('GET', '/api/users/erin', { token: superToken })).body;
      const response = await server.request('PUT', '/api/users/erin', { token: superToken, body });
      expect(response.status).toBe(status);
      expect(response.body.Message).toContain(message);
      expect((await server.request('GET', '/api/users/erin', { token: superToken })).body).toEqual(before);
    },
  );

  it('-> when an admin edits the super-admin or another admin, or grants admin, returns 403', async () => {
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    await createUser('third-admin', 'admin');
    await createUser('frank', 'platform-user');
    const superEdit = await server.request('PUT', '/api/users/admin', {
      token: adminToken,
      body: { display_name: 'x' },
    });
    expect(superEdit.status).toBe(403);
    expect(superEdit.body.Message).toBe('only the super-admin can edit the super-admin');
    expect(
      (
        await server.request('PUT', '/api/users/third-admin', {
          token: adminToken,
          body: { display_name: 'x' },
        })
      ).body.Message,
    ).toBe('an admin cannot edit another admin');
    expect(
      (
        await server.request('PUT', '/api/users/frank', {
          token: adminToken,
          body: { platform_role_id: 'admin' },
        })
      ).body.Message,
    ).toBe('only the super-admin can grant the admin role');
    expect(
      (
        await server.request('PUT', '/api/users/frank', {
          token: adminToken,
          body: { platform_role_id: 'service-user' },
        })
      ).status,
    ).toBe(200);
  });

  it('-> when only the display name changes, the user keeps its session and tokens', async () => {
    const adminToken = await createUserWithRole(server, 'kim-admin', 'admin');
    const edited = await server.request('PUT', '/api/users/kim-admin', {
      token: superToken,
      body: { display_name: 'Kim' },
    });
    expect(edited.body).toMatchObject({ display_name: 'Kim' });
    expect((await server.request('GET', '/api/users', { token: adminToken })).status).toBe(200);
  });

  it('-> when network roles and groups are given, the user gains that network', async () => {
    await createNetwork(server, superToken, 'neta');
    await createNetwork(server, superToken, 'netb', { addressrange: '10.102.0.0/24' });
    await createUser('gina', 'platform-user', { user_group_ids: { 'neta-network-user-grp': {} } });
    const gina = await login(server, 'gina', 'secret-123');
    const names = async (token: string) =>
      ((await server.request('GET', '/api/networks', { token })).body as { netid: string }[]).map(
        (n) => n.netid,
      );
    expect(await names(gina)).toEqual(['neta']);
    await server.request('PUT', '/api/users/gina', {
      token: superToken,
      body: { network_roles: { netb: { 'netb-network-user': {} } } },
    });
    expect(await names(await login(server, 'gina', 'secret-123'))).toEqual(['neta', 'netb']);
  });
});

describe('POST /api/users/:username with groups', () => {
  it('-> creates the user in the given groups; a malformed or unknown group is a 400 and creates nothing', async () => {
    await createNetwork(server, superToken, 'neta');
    const created = await createUser('lena', 'platform-user', {
      user_group_ids: { 'neta-network-admin-grp': {} },
      network_roles: {},
    });
    expect(created.body.user_group_ids).toEqual({ 'neta-network-admin-grp': {} });
    const malformed = await createUser('mia-user', 'platform-user', {
      user_group_ids: ['neta-network-admin-grp'],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.Message).toContain('user_group_ids');
    expect(
      (await createUser('mia-user', 'platform-user', { user_group_ids: { ghost: {} } })).body.Message,
    ).toBe('user group ghost does not exist');
    expect((await server.request('GET', '/api/users/mia-user', { token: superToken })).status).toBe(404);
  });
});

describe('DELETE /api/users/:username', () => {
  it('-> deletes a user and answers "<u> deleted."; the user can no longer log in', async () => {
    await createUser('hank', 'platform-user');
    const response = await server.request('DELETE', '/api/users/hank', { token: superToken });
    expect(response.status).toBe(200);
    expect(response.body).toBe('hank deleted.');
    expect((await server.request('GET', '/api/users/hank', { token: superToken })).status).toBe(404);
  });

  it('-> refuses the super-admin (for anyone) and an admin (for an admin) with 403', async () => {
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    await createUser('third-admin', 'admin');
    const superDelete = await server.request('DELETE', '/api/users/admin', { token: superToken });
    expect(superDelete.status).toBe(403);
    expect(superDelete.body.Message).toContain('the super-admin cannot be deleted');
    expect(
      (await server.request('DELETE', '/api/users/third-admin', { token: adminToken })).body.Message,
    ).toBe('only the super-admin can delete an admin');
    expect((await server.request('DELETE', '/api/users/ghost-user', { token: superToken })).status).toBe(404);
  });
});

describe('POST /api/users/adm/transfersuperadmin/:username', () => {
  it('-> hands the role to an admin; the old super-admin becomes an admin', async () => {
    await createUser('ivy-admin', 'admin');
    const response = await server.request('POST', '/api/users/adm/transfersuperadmin/ivy-admin', {
      token: superToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: 'ivy-admin',
      platform_role_id: 'super-admin',
      issuperadmin: true,
    });
    const ivy = await login(server, 'ivy-admin', 'secret-123');
    const users = (await server.request('GET', '/api/users', { token: ivy })).body as {
      username: string;
      platform_role_id: string;
    }[];
    expect(users.find((u) => u.username === 'admin')?.platform_role_id).toBe('admin');
  });

  it('-> when the target is not an admin, returns 403 and changes nobody', async () => {
    await createUser('jack', 'platform-user');
    const response = await server.request('POST', '/api/users/adm/transfersuperadmin/jack', {
      token: superToken,
    });
    expect(response.status).toBe(403);
    expect(response.body.Message).toContain('only an admin can become the super-admin');
    expect(
      (await server.request('GET', '/api/users/admin', { token: superToken })).body.platform_role_id,
    ).toBe('super-admin');
  });
});
