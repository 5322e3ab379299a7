import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer;
let superToken: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  superToken = await createSuperAdminAndLogin(server);
});
afterEach(async () => {
  await server.close();
});

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const mint = (token: string, userName: string, extra: Record<string, unknown> = {}) =>
  server.request('POST', '/api/v1/users/access_token', {
    token,
    body: { name: 'automation', user_name: userName, expires_at: inAnHour(), ...extra },
  });

describe('/api/v1/users/access_token', () => {
  it('-> a minted token works as a bearer, is listed with last_used, and stops working once revoked', async () => {
    const minted = await mint(superToken, 'admin');
    expect(minted.status).toBe(200);
    expect(minted.body.Response.UserName).toBe('admin');
    const apiToken = minted.body.Response.AuthToken as string;
    const claims = JSON.parse(Buffer.from(apiToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ TokenType: 'access_token', UserName: 'admin' });
    expect((await server.request('GET', '/api/users', { token: apiToken })).status).toBe(200);
    const list = await server.request('GET', '/api/v1/users/access_token?username=admin', {
      token: superToken,
    });
    expect(list.body.Response).toHaveLength(1);
    expect(list.body.Response[0]).toMatchObject({
      id: claims.jti,
      name: 'automation',
      user_name: 'admin',
      created_by: 'admin',
    });
    expect(list.body.Response[0].last_used).not.toBe('0001-01-01T00:00:00Z');
    expect((await server.request('GET', '/api/users', { token: superToken })).body[0].num_access_tokens).toBe(
      1,
    );
    const revoked = await server.request('DELETE', `/api/v1/users/access_token?id=${String(claims.jti)}`, {
      token: superToken,
    });
    expect(revoked.body).toEqual({ Code: 200, Message: 'revoked access token', Response: null });
    expect((await server.request('GET', '/api/users', { token: apiToken })).status).toBe(401);
  });

  it('-> a platform user mints only for itself; an admin not for the super-admin', async () => {
    const userToken = await createUserWithRole(server, 'plain-user', 'platform-user');
    const adminToken = await createUserWithRole(server, 'second-admin', 'admin');
    expect((await mint(userToken, 'plain-user')).status).toBe(200);
    const other = await mint(userToken, 'second-admin');
    expect(other.status).toBe(403);
    expect(other.body.Message).toBe('you can only manage your own access tokens');
    expect((await mint(adminToken, 'admin')).status).toBe(403);
    expect((await mint(adminToken, 'plain-user')).status).toBe(200);
    expect(
      (await server.request('GET', '/api/v1/users/access_token?username=admin', { token: userToken })).status,
    ).toBe(403);
  });

  it.each([
    [{ name: '' }, 'name is required'],
    [{ expires_at: 'tomorrow' }, 'expires_at must be an RFC 3339 time'],
    [{ expires_at: '2001-01-01T00:00:00Z' }, 'expires_at must be in the future'],
    [{ user_name: 'ghost-user' }, 'user ghost-user does not exist'],
  ])('-> when the body has %j, returns 400 with a clear message', async (extra, message) => {
    const response = await mint(superToken, 'admin', extra);
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
  });

  it('-> revoking an unknown id returns 404; a malformed id 400', async () => {
    expect(
      (
        await server.request('DELETE', '/api/v1/users/access_token?id=00000000-0000-4000-8000-000000000000', {
          token: superToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.request('DELETE', '/api/v1/users/access_token?id=nope', { token: superToken })).status,
    ).toBe(400);
  });
});
