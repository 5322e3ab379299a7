import { hash } from '@node-rs/argon2';
import { JWT_SECRET_KEY } from '../src/app.ts';
import { TokenService } from '../src/auth/tokens.ts';
import { SettingsRepository } from '../src/modules/server/settings.repository.ts';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import type { TestServer } from './harness.ts';

export const ADMIN = { username: 'admin', password: 'correct-horse' };

/** Creates the first super-admin through the API and returns its session token. */
export async function createSuperAdminAndLogin(server: TestServer, credentials = ADMIN): Promise<string> {
  const created = await server.request('POST', '/api/users/adm/createsuperadmin', { body: credentials });
  if (created.status !== 200) throw new Error(`createsuperadmin failed: ${JSON.stringify(created.body)}`);
  return login(server, credentials.username, credentials.password);
}

/** Logs in and returns the token. */
export async function login(server: TestServer, username: string, password: string): Promise<string> {
  const response = await server.request<{ Response: { AuthToken: string } }>(
    'POST',
    '/api/users/adm/authenticate',
    {
      body: { username, password },
    },
  );
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return response.body.Response.AuthToken;
}

/**
 * Inserts a user with any platform role straight into the database (user management routes come later) and
 * returns a session token for it.
 */
export async function createUserWithRole(
  server: TestServer,
  username: string,
  platformRoleId: string,
  groupIds: string[] = [],
): Promise<string> {
  const password = 'password-123';
  const repository = new UsersRepository(server.app.meshdeck.database.db);
  await repository.insert({
    username,
    passwordHash: await hash(password),
    platformRoleId,
    isSuperAdmin: false,
    groupIds,
    now: new Date().toISOString(),
  });
  return login(server, username, password);
}

/** A correctly signed session token that expired an hour ago. */
export async function signExpiredToken(
  server: TestServer,
  username: string,
  role = 'super-admin',
): Promise<string> {
  const secret = await new SettingsRepository(server.app.meshdeck.database.db).get(JWT_SECRET_KEY);
  if (secret === undefined) throw new Error('the server has no JWT secret');
  const issuedLongAgo = new Date(Date.now() - 13 * 60 * 60 * 1000);
  return new TokenService(secret, 60).signUserToken(username, role, issuedLongAgo);
}

/** Creates a network through the API (an IPv4 /24 unless the body says otherwise) and returns the response body. */
export async function createNetwork(
  server: TestServer,
  token: string,
  netid: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const response = await server.request('POST', '/api/networks', {
    token,
    body: { netid, addressrange: '10.101.0.0/24', ...body },
  });
  if (response.status !== 200) throw new Error(`create network failed: ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}
