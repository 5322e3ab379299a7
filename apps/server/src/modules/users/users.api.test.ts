import { hash } from '@node-rs/argon2';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { JWT_SECRET_KEY } from '../../app.ts';
import { SettingsRepository } from '../server/settings.repository.ts';
import { UsersRepository } from './users.repository.ts';
import {
  ADMIN,
  createSuperAdminAndLogin,
  createUserWithRole,
  signExpiredToken,
} from '../../../test/factories.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const decodeClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('GET /api/users/adm/hassuperadmin', () => {
  it('-> when no super admin exists, returns false, and true once one is created', async () => {
    expect((await server.request('GET', '/api/users/adm/hassuperadmin')).body).toBe(false);
    await createSuperAdminAndLogin(server);
    expect((await server.request('GET', '/api/users/adm/hassuperadmin')).body).toBe(true);
  });
});

describe('POST /api/users/adm/createsuperadmin', () => {
  it('-> with valid input, returns the user without any password field', async () => {
    const response = await server.request('POST', '/api/users/adm/createsuperadmin', { body: ADMIN });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: 'admin',
      isadmin: true,
      issuperadmin: true,
      platform_role_id: 'super-admin',
    });
    expect(JSON.stringify(response.body)).not.toContain('password');
  });

  it.each([
    [{ password: 'secret-12' }, 'username'],
    [{ username: 'abc', password: 'secret-12' }, 'username must be at least 4 characters'],
    [{ username: 'bad name!', password: 'secret-12' }, 'username may contain only'],
    [{ username: 'masteradministrator', password: 'secret-12' }, 'username is reserved'],
    [{ username: 'admin' }, 'password'],
    [{ username: 'admin', password: 'seven-7' }, 'password must be at least 8 characters'],
    [{ username: 42, password: 'secret-12' }, 'username'],
  ])('-> when the body is %j, returns 400 naming the problem', async (body, message) => {
    const response = await server.request('POST', '/api/users/adm/createsuperadmin', { body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ Code: 400, Response: null });
    expect(response.body.Message).toContain(message);
    expect((await server.request('GET', '/api/users/adm/hassuperadmin')).body).toBe(false);
  });

  it('-> when the body is not JSON, returns 400 saying so', async () => {
    const response = await server.request('POST', '/api/users/adm/createsuperadmin', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('request body is not valid JSON');
  });

  it('-> when a super admin exists, returns 400 "superadmin user already exists"', async () => {
    await createSuperAdminAndLogin(server);
    const response = await server.request('POST', '/api/users/adm/createsuperadmin', {
      body: { username: 'other', password: 'secret-12' },
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('superadmin user already exists');
  });

  it('-> when five requests race, exactly one super admin is created', async () => {
    const attempts = await Promise.all(
      ['first', 'second', 'third', 'fourth', 'fifth'].map((username) =>
        server.request('POST', '/api/users/adm/createsuperadmin', {
          body: { username, password: 'secret-12' },
        }),
      ),
    );
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 400)).toHaveLength(4);
  });
});

describe('POST /api/users/adm/authenticate', () => {
  beforeEach(async () => {
    await createSuperAdminAndLogin(server);
  });

  it('-> with the right password, returns the contract envelope and a token with capitalised claims', async () => {
    const response = await server.request('POST', '/api/users/adm/authenticate', {
      body: ADMIN,
      headers: { 'From-Ui': 'true' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Code: 200,
      Message: 'W1R3: Device admin Authorized',
      Response: { UserName: 'admin' },
    });
    const claims = decodeClaims(response.body.Response.AuthToken);
    expect(claims).toMatchObject({
      UserName: 'admin',
      Role: 'super-admin',
      TokenType: 'user_id_token',
      iss: 'Netmaker',
      sub: 'user|admin',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('-> with a wrong password, returns 401 "incorrect credentials"', async () => {
    const response = await server.request('POST', '/api/users/adm/authenticate', {
      body: { username: 'admin', password: 'wrong-one' },
    });
    expect(response.status).toBe(401);
    expect(response.body.Message).toBe('incorrect credentials');
  });

  it('-> for an unknown user, answers exactly as for a wrong password (no username enumeration)', async () => {
    const unknown = await server.request('POST', '/api/users/adm/authenticate', {
      body: { username: 'nobody', password: 'whatever' },
    });
    const wrong = await server.request('POST', '/api/users/adm/authenticate', {
      body: { username: 'admin', password: 'whatever' },
    });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ Code: 401, Message: 'incorrect credentials', Response: null });
  });

  it('-> for an account created under the old 5-character rule, still signs in', async () => {
    await new UsersRepository(server.app.meshdeck.database.db).insert({
      username: 'legacy',
      passwordHash: await hash('abcde'),
      platformRoleId: 'admin',
      isSuperAdmin: false,
      groupIds: [],
      now: new Date().toISOString(),
    });
    const response = await server.request('POST', '/api/users/adm/authenticate', {
      body: { username: 'legacy', password: 'abcde' },
    });
    expect(response.status).toBe(200);
  });

  it('-> answers with Cache-Control: no-store (the body carries a session token)', async () => {
    const response = await server.request('POST', '/api/users/adm/authenticate', { body: ADMIN });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([[{}], [{ username: 'admin' }], [{ password: 'x' }], [{ username: '', password: '' }]])(
    '-> when the body is %j, returns 400 naming the missing field',
    async (body) => {
      const response = await server.request('POST', '/api/users/adm/authenticate', { body });
      expect(response.status).toBe(400);
      expect(response.body.Message).toMatch(/username|password/);
    },
  );

  it('-> when the role denies dashboard access and From-Ui is set, returns 401 "access denied to dashboard"', async () => {
    const proServer = await startTestServer({ EDITION: 'pro' });
    try {
      await createSuperAdminAndLogin(proServer);
      await createUserWithRole(proServer, 'vpn-only', 'service-user').catch(() => undefined);
      const response = await proServer.request('POST', '/api/users/adm/authenticate', {
        body: { username: 'vpn-only', password: 'password-123' },
        headers: { 'From-Ui': 'true' },
      });
      expect(response.status).toBe(401);
      expect(response.body.Message).toBe('access denied to dashboard');
    } finally {
      await proServer.close();
    }
  });
});

describe('GET /api/v1/users?username=', () => {
  let token: string;
  beforeEach(async () => {
    token = await createSuperAdminAndLogin(server);
  });

  it('-> for the caller, returns the user with its platform role inside Response', async () => {
    const response = await server.request('GET', '/api/v1/users?username=admin', { token });
    expect(response.status).toBe(200);
    expect(response.body.Response).toMatchObject({
      username: 'admin',
      platform_role: { id: 'super-admin', full_access: true },
    });
  });

  it.each([
    ['no token', undefined],
    ['a garbage token', 'not-a-jwt'],
    ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyfGFkbWluIn0.c2lnbmF0dXJl'],
  ])('-> with %s, returns 401', async (_label, badToken) => {
    const response = await server.request('GET', '/api/v1/users?username=admin', { token: badToken });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ Code: 401, Response: null });
  });

  it('-> with an expired token, returns 401 saying the token expired', async () => {
    const expired = await signExpiredToken(server, 'admin');
    const response = await server.request('GET', '/api/v1/users?username=admin', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body.Message).toContain('expired');
  });

  it('-> with a correctly signed token that has no exp claim, returns 401 (it would never expire)', async () => {
    const secret = await new SettingsRepository(server.app.meshdeck.database.db).get(JWT_SECRET_KEY);
    const forever = await new SignJWT({ UserName: 'admin', Role: 'super-admin', TokenType: 'user_id_token' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('Netmaker')
      .setSubject('user|admin')
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret));
    const response = await server.request('GET', '/api/v1/users?username=admin', { token: forever });
    expect(response.status).toBe(401);
  });

  it('-> without a username, returns 400 naming the parameter', async () => {
    const response = await server.request('GET', '/api/v1/users', { token });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('username');
  });

  it('-> for an unknown user, returns 404', async () => {
    const response = await server.request('GET', '/api/v1/users?username=ghost-user', { token });
    expect(response.status).toBe(404);
  });

  it('-> when a non-admin asks for someone else, returns 403; asking for itself works', async () => {
    const userToken = await createUserWithRole(server, 'plain-user', 'admin');
    await server.app.meshdeck.database.db
      .updateTable('users')
      .set({ platform_role_id: 'platform-user' })
      .where('username', '=', 'plain-user')
      .execute();
    await server.app.meshdeck.database.db
      .insertInto('roles')
      .values({
        id: 'platform-user',
        name: 'Platform User',
        is_default: 1,
        meta_data: '',
        deny_dashboard_access: 0,
        full_access: 0,
        network_id: '',
        network_level_access: '{}',
        global_level_access: '{}',
      })
      .execute();
    expect((await server.request('GET', '/api/v1/users?username=admin', { token: userToken })).status).toBe(
      403,
    );
    expect(
      (await server.request('GET', '/api/v1/users?username=plain-user', { token: userToken })).status,
    ).toBe(200);
  });
});

describe('GET /api/users', () => {
  it('-> for an admin, returns every user sorted by username; without a token, 401', async () => {
    const token = await createSuperAdminAndLogin(server);
    await createUserWithRole(server, 'bob-admin', 'admin');
    const response = await server.request('GET', '/api/users', { token });
    expect(response.status).toBe(200);
    expect((response.body as { username: string }[]).map((u) => u.username)).toEqual(['admin', 'bob-admin']);
    expect((await server.request('GET', '/api/users')).status).toBe(401);
  });
});
