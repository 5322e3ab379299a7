import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createSuperAdminAndLogin, createUserWithRole, login } from '../../../test/factories.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(edition: 'community' | 'pro'): Promise<{ server: TestServer; token: string }> {
  server = await startTestServer({ EDITION: edition });
  return { server, token: await createSuperAdminAndLogin(server) };
}

const body = (platformRoleId?: string) => ({
  username: 'new-user',
  password: 'secret-123',
  platform_role_id: platformRoleId,
});

describe('POST /api/users/:username on community', () => {
  it('-> when the super-admin asks for any role, creates an admin who can log in', async () => {
    const { server, token } = await start('community');
    const response = await server.request('POST', '/api/users/new-user', {
      token,
      body: body('platform-user'),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: 'new-user',
      platform_role_id: 'admin',
      isadmin: true,
      issuperadmin: false,
    });
    expect(JSON.stringify(response.body)).not.toContain('secret-123');
    expect(await login(server, 'new-user', 'secret-123')).toMatch(/\./);
  });

  it('-> when an admin (not the super-admin) creates a user, returns 403 because community users are admins', async () => {
    const { server } = await start('community');
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    const response = await server.request('POST', '/api/users/new-user', { token: adminToken, body: body() });
    expect(response.status).toBe(403);
    expect(response.body.Message).toBe('only the super-admin can create admins');
  });
});

describe('POST /api/users/:username on pro', () => {
  it.each(['admin', 'platform-user', 'service-user', 'auditor'])(
    '-> when the super-admin asks for %s, creates the user with that role',
    async (role) => {
      const { server, token } = await start('pro');
      const response = await server.request('POST', '/api/users/new-user', { token, body: body(role) });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        username: 'new-user',
        platform_role_id: role,
        isadmin: role === 'admin',
      });
      const users = await server.request('GET', '/api/users', { token });
      expect(users.body.map((user: { username: string }) => user.username)).toContain('new-user');
    },
  );

  it('-> when the role is super-admin, returns 403', async () => {
    const { server, token } = await start('pro');
    const response = await server.request('POST', '/api/users/new-user', {
      token,
      body: body('super-admin'),
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ Code: 403, Response: null });
  });

  it('-> when an admin creates an admin, returns 403; a platform user is allowed', async () => {
    const { server } = await start('pro');
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    expect(
      (await server.request('POST', '/api/users/new-user', { token: adminToken, body: body('admin') }))
        .status,
    ).toBe(403);
    const allowed = await server.request('POST', '/api/users/new-user', {
      token: adminToken,
      body: body('platform-user'),
    });
    expect(allowed.status).toBe(200);
  });

  it('-> when a non-admin calls it, returns 403', async () => {
    const { server } = await start('pro');
    const userToken = await createUserWithRole(server, 'plain-user', 'platform-user');
    const response = await server.request('POST', '/api/users/new-user', {
      token: userToken,
      body: body('platform-user'),
    });
    expect(response.status).toBe(403);
  });

  it.each([
    [{ password: 'secret-123' }, 'platform_role_id is required'],
    [{ password: 'secret-123', platform_role_id: 'owner' }, 'platform role owner does not exist'],
    [{ platform_role_id: 'platform-user' }, 'password'],
    [{ password: 'seven-7', platform_role_id: 'platform-user' }, 'password must be at least 8 characters'],
    [{ username: 'someone-else', password: 'secret-123', platform_role_id: 'platform-user' }, 'must match'],
  ])('-> when the body is %j, returns 400 naming the problem', async (requestBody, message) => {
    const { server, token } = await start('pro');
    const response = await server.request('POST', '/api/users/new-user', { token, body: requestBody });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
  });

  it('-> when the username is invalid or taken, returns 400', async () => {
    const { server, token } = await start('pro');
    expect(
      (await server.request('POST', '/api/users/ab', { token, body: body('platform-user') })).status,
    ).toBe(400);
    const taken = await server.request('POST', '/api/users/admin', {
      token,
      body: { password: 'secret-123', platform_role_id: 'platform-user' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('user admin already exists');
  });

  it('-> without a token, returns 401', async () => {
    const { server } = await start('pro');
    expect(
      (await server.request('POST', '/api/users/new-user', { body: body('platform-user') })).status,
    ).toBe(401);
  });
});
