import { afterEach, describe, expect, it } from 'vitest';
import { createSuperAdminAndLogin } from '../../../test/factories.ts';
import { isPostgres, startTestServer, type TestServer } from '../../../test/harness.ts';

/**
 * PostgreSQL under load: when every pooled connection is busy, ordinary queries wait in line instead of failing
 * with "timeout exceeded when trying to connect", and the health check has a connection of its own.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.skipIf(!isPostgres())('PostgreSQL connection pool', () => {
  it('-> when every pooled connection is busy, requests queue and answer 200 once one frees up, and health stays true meanwhile', async () => {
    // Ten, the size the pool used to have, so the test holds every connection of the old pool as well.
    const poolSize = 10;
    server = await startTestServer({ DATABASE_POOL_SIZE: String(poolSize) });
    const token = await createSuperAdminAndLogin(server);
    const db = server.app.meshdeck.database.db;

    // Hold every pooled connection in an open transaction until the health check has answered.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const holders = Array.from({ length: poolSize }, () =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('username').execute();
        held += 1;
        await released;
      }),
    );
    await expect.poll(() => held).toBe(poolSize);

    const queued = Array.from({ length: 20 }, () => server!.request('GET', '/api/networks', { token }));
    // The status check answers from its own connection; the old shared pool made it wait 2 s and report false,
    // and the queued requests above failed with a 500 during that wait.
    const status = await server.request('GET', '/api/server/status');
    expect(status.body.db_connected).toBe(true);

    release();
    await Promise.all(holders);
    const answers = await Promise.all(queued);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  });
});
