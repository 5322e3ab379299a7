import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../test/db-snapshot.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office');
});
afterAll(async () => {
  await server.close();
});

const deepObject = (depth: number) => `${'{"A":'.repeat(depth)}1${'}'.repeat(depth)}`;
const json = { 'content-type': 'application/json' };

describe('request bodies nested too deeply', () => {
  it.each([
    ['PUT', '/api/networks/office'],
    ['PUT', '/api/hosts/6f1c1a5e-8a2b-4c3d-9e4f-5a6b7c8d9e0f'],
    ['POST', '/api/v1/enrollment-keys'],
  ])(
    '-> %s %s with a body nested 100,000 deep, returns 400 with a clear Message and writes nothing',
    async (method, path) => {
      const before = await snapshotDatabase(server.app.meshdeck.database.db);
      const response = await server.request(method, path, {
        token,
        headers: json,
        rawBody: deepObject(100_000),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ Code: 400, Response: null });
      expect(response.body.Message).toContain('nested too deeply: at most 32 levels');
      expect(await snapshotDatabase(server.app.meshdeck.database.db)).toEqual(before);
    },
  );

  it('-> without a token, a deep body still gets 401 (authentication runs first)', async () => {
    const response = await server.request('PUT', '/api/networks/office', {
      headers: json,
      rawBody: deepObject(100_000),
    });
    expect(response.status).toBe(401);
  });

  it('-> a body of more than 1 MiB returns 413 in the contract envelope', async () => {
    const response = await server.request('POST', '/api/networks', {
      token,
      body: { netid: 'big', defaultdns: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ Code: 413, Response: null });
  });
});

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it.each([
    ['PUT', '/api/networks/office', { defaultdns: '\u0000' }],
    ['PUT', '/api/networks/%00', { defaultdns: '1.1.1.1' }],
    ['POST', '/api/users/adm/authenticate', { username: '\u0000', password: 'x' }],
    ['POST', '/api/hosts/adm/authenticate', { id: '\u0000', password: 'x' }],
  ])(
    '-> %s %s with a NUL character, returns 400 naming it and writes nothing',
    async (method, path, body) => {
      const before = await snapshotDatabase(server.app.meshdeck.database.db);
      const response = await server.request(method, path, { token, body });
      expect(response.status).toBe(400);
      expect(response.body.Message).toContain('NUL characters');
      expect(await snapshotDatabase(server.app.meshdeck.database.db)).toEqual(before);
    },
  );
});
