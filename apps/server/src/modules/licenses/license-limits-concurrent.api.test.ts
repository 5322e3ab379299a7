import { afterEach, describe, expect, it } from 'vitest';
import { createKey, hostBody } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  licenseKeyPair,
  licensePayload,
  proLicenseEnv,
  signLicense,
} from '../../../test/license-factories.ts';

// Issue 38 item 6: the limit was counted before the insert's transaction, so concurrent creates all saw room.
// These run on SQLite and, through scripts/with-postgres.sh, on PostgreSQL (decision 049).

const PARALLEL = 50;
const LIMIT = 3;
const keys = licenseKeyPair();
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const limited = (limits: Record<string, number>) =>
  proLicenseEnv(keys.publicKeyPem, signLicense(licensePayload({ limits }), keys.privateKey));

const countRows = async (s: TestServer, table: 'users' | 'hosts' | 'networks') => {
  const row = await s.app.meshdeck.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Each answer is a 200 or the limit's 403, never anything else (no 500 from a lock or a retry). */
function expectOnlyCreatedOrLimited(statuses: number[], created: number): void {
  expect(statuses.filter((status) => status === 200)).toHaveLength(created);
  expect(statuses.filter((status) => status !== 200 && status !== 403)).toEqual([]);
}

describe('Licence limits under concurrent creates', () => {
  it(`POST /api/users/{username} -> when ${PARALLEL} run at once against a limit of ${LIMIT} users, exactly ${LIMIT} users exist`, async () => {
    server = await startTestServer(limited({ users: LIMIT }));
    const token = await createSuperAdminAndLogin(server);
    const s = server;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        s.request('POST', `/api/users/racer-${i}`, {
          token,
          body: { username: `racer-${i}`, password: 'password-123', platform_role_id: 'platform-user' },
        }),
      ),
    );
    // The super-admin is one of the three.
    expectOnlyCreatedOrLimited(
      answers.map((a) => a.status),
      LIMIT - 1,
    );
    expect(answers.find((a) => a.status === 403)?.body.Message).toMatch(/at most 3 users/);
    expect(await countRows(s, 'users')).toBe(LIMIT);
  });

  it(`POST /api/v1/host/register/{token} -> when ${PARALLEL} hosts join at once against a limit of ${LIMIT} hosts, exactly ${LIMIT} hosts exist`, async () => {
    server = await startTestServer(limited({ hosts: LIMIT }));
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'office');
    const key = await createKey(server, token, { networks: ['office'], tags: ['race-key'] });
    const s = server;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        s.request('POST', `/api/v1/host/register/${encodeURIComponent(key.token)}`, {
          body: hostBody(`racer-${i}`).body,
        }),
      ),
    );
    expectOnlyCreatedOrLimited(
      answers.map((a) => a.status),
      LIMIT,
    );
    expect(await countRows(s, 'hosts')).toBe(LIMIT);
    const nodes = await s.request<unknown[]>('GET', '/api/nodes', { token });
    expect(nodes.body).toHaveLength(LIMIT);
  });

  it(`POST /api/networks -> when ${PARALLEL} run at once against a limit of ${LIMIT} networks, exactly ${LIMIT} networks exist`, async () => {
    server = await startTestServer(limited({ networks: LIMIT }));
    const token = await createSuperAdminAndLogin(server);
    const s = server;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        s.request('POST', '/api/networks', {
          token,
          body: { netid: `race-${i}`, addressrange: `10.${100 + i}.0.0/24` },
        }),
      ),
    );
    expectOnlyCreatedOrLimited(
      answers.map((a) => a.status),
      LIMIT,
    );
    expect(await countRows(s, 'networks')).toBe(LIMIT);
  });
});
