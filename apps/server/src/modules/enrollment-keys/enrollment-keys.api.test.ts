import { ZERO_TIME, decodeEnrollmentToken } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.10.0.0/24' });
});
afterEach(async () => {
  await server.close();
});

const listKeys = async () => (await server.request<any[]>('GET', '/api/v1/enrollment-keys', { token })).body;

describe('POST /api/v1/enrollment-keys', () => {
  it('-> without a token returns 401, and for a platform user returns 403', async () => {
    expect(
      (await server.request('POST', '/api/v1/enrollment-keys', { body: { tags: ['abc'], unlimited: true } }))
        .status,
    ).toBe(401);
    const userToken = await createUserWithRole(server, 'viewer', 'platform-user');
    const response = await server.request('POST', '/api/v1/enrollment-keys', {
      token: userToken,
      body: { tags: ['abc'], unlimited: true },
    });
    expect(response.status).toBe(403);
  });

  it('-> for an unlimited key, returns type 3 with a 32-char base32 value and a join token naming this server', async () => {
    const key = await createKey(server, token, { tags: ['laptops'], networks: ['office'], unlimited: true });
    expect(key).toMatchObject({
      tags: ['laptops'],
      networks: ['office'],
      type: 3,
      unlimited: true,
      default: false,
      expiration: ZERO_TIME,
    });
    expect(key.value).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeEnrollmentToken(key.token)).toEqual({ server: server.url, value: key.value });
  });

  it('-> for a uses-based key returns type 2, and for a time-based key type 1 with its expiry', async () => {
    expect(
      await createKey(server, token, { tags: ['five-uses'], uses_remaining: 5, unlimited: false }),
    ).toMatchObject({ type: 2, uses_remaining: 5 });
    const expiration = Math.floor(Date.now() / 1000) + 3600;
    const timed = await createKey(server, token, { tags: ['one-hour'], expiration, unlimited: false });
    expect(timed).toMatchObject({ type: 1, expiration: new Date(expiration * 1000).toISOString() });
  });

  it.each([
    [{ tags: ['ab'], unlimited: true }, 'name length must be between 3 and 32'],
    [{ tags: ['x'.repeat(33)], unlimited: true }, 'name length must be between 3 and 32'],
    [{ unlimited: true }, 'tags'],
    [{ tags: ['nothing'], unlimited: false }, 'must be unlimited, limited by uses or limited by time'],
    [{ tags: ['nowhere'], unlimited: true, networks: ['missing'] }, 'network missing does not exist'],
    [{ tags: ['bad-relay'], unlimited: true, relay: 'not-a-uuid' }, 'relay must be a node id'],
    [
      {
        tags: ['unknown-relay'],
        unlimited: true,
        networks: ['office'],
        relay: '6f1b1b1e-0000-4000-8000-000000000000',
      },
      'relay must be a relay node',
    ],
    [{ tags: ['old'], unlimited: false, expiration: 1000 }, 'expiration must be in the future'],
    [{ tags: ['negative'], uses_remaining: -1 }, 'uses_remaining must not be negative'],
  ])('-> when the body is %j, returns 400 naming the problem and creates nothing', async (body, message) => {
    const before = (await listKeys()).length;
    const response = await server.request('POST', '/api/v1/enrollment-keys', { token, body });
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain(message);
    expect(await listKeys()).toHaveLength(before);
  });

  it('-> when the name is taken (also by a network default key), returns 400 "key names must be unique"', async () => {
    await createKey(server, token, { tags: ['servers'] });
    for (const name of ['servers', 'office']) {
      const response = await server.request('POST', '/api/v1/enrollment-keys', {
        token,
        body: { tags: [name], unlimited: true },
      });
      expect(response.status).toBe(400);
      expect(response.body.Message).toBe('key names must be unique');
    }
  });
});

describe('GET /api/v1/enrollment-keys and network hooks', () => {
  it('-> after a network is created, lists its default unlimited key named after it', async () => {
    const keys = await listKeys();
    expect(keys).toEqual([
      expect.objectContaining({
        tags: ['office'],
        networks: ['office'],
        default: true,
        unlimited: true,
        type: 3,
      }),
    ]);
    expect(decodeEnrollmentToken(keys[0].token)?.value).toBe(keys[0].value);
  });

  it('-> after the network is deleted, its default key is gone, other keys lose it, keys left empty are deleted', async () => {
    await createNetwork(server, token, 'lab', { addressrange: '10.20.0.0/24' });
    await createKey(server, token, { tags: ['both'], networks: ['office', 'lab'] });
    await createKey(server, token, { tags: ['only-office'], networks: ['office'] });
    expect((await server.request('DELETE', '/api/networks/office', { token })).status).toBe(200);
    const keys = await listKeys();
    expect(keys.map((k) => [k.tags[0], k.networks])).toEqual([
      ['lab', ['lab']],
      ['both', ['lab']],
    ]);
  });
});

describe('PUT /api/v1/enrollment-keys/{keyID}', () => {
  it('-> applies relay and groups only, ignoring every other field', async () => {
    const key = await createKey(server, token, {
      tags: ['edit-me'],
      networks: ['office'],
      uses_remaining: 3,
      unlimited: false,
    });
    const response = await server.request('PUT', `/api/v1/enrollment-keys/${key.value}`, {
      token,
      body: {
        tags: ['renamed'],
        networks: [],
        uses_remaining: 99,
        unlimited: true,
        groups: ['office.web'],
        relay: '',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      tags: ['edit-me'],
      networks: ['office'],
      uses_remaining: 3,
      unlimited: false,
      groups: ['office.web'],
    });
  });

  it('-> for an unknown key returns 404', async () => {
    const response = await server.request('PUT', `/api/v1/enrollment-keys/${'A'.repeat(32)}`, {
      token,
      body: { tags: ['whatever'] },
    });
    expect(response.status).toBe(404);
  });
});

describe('DELETE /api/v1/enrollment-keys/{keyID}', () => {
  it('-> deletes the key with an empty 200; a second delete returns 400', async () => {
    const key = await createKey(server, token, { tags: ['short-lived'] });
    const response = await server.request('DELETE', `/api/v1/enrollment-keys/${key.value}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toBeUndefined();
    expect((await listKeys()).map((k) => k.value)).not.toContain(key.value);
    expect((await server.request('DELETE', `/api/v1/enrollment-keys/${key.value}`, { token })).status).toBe(
      400,
    );
  });

  it('-> for a network default key returns 400 "cannot delete default network key"', async () => {
    const [defaultKey] = await listKeys();
    const response = await server.request('DELETE', `/api/v1/enrollment-keys/${defaultKey.value}`, { token });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('cannot delete default network key');
  });
});
