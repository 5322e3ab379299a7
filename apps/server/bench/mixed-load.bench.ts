// Mixed load against a real server: registrations and node reads, 100 at a time, counting answers by status.
// On PostgreSQL (`bash scripts/with-postgres.sh npm run bench`) this is the load under which a pool of 10 with a
// 2 s wait answered 500 "timeout exceeded when trying to connect"; the line to watch is mixed_load_5xx.
import { createKey, hostBody } from '../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';

const TOTAL = 400;
const CONCURRENCY = 100;

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'load', { addressrange: '10.60.0.0/16' });
  const key = await createKey(server, token, { tags: ['load-key'], networks: ['load'] });
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < TOTAL) {
      const i = next++;
      const response =
        i % 2 === 0
          ? await server.request('POST', `/api/v1/host/register/${encodeURIComponent(key.token)}`, {
              body: hostBody(`load-${i}`).body,
            })
          : await server.request('GET', '/api/nodes/load', { token });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const serverErrors = [...statuses]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(`mixed_load_engine: ${server.app.meshdeck.database.engine}`);
  console.log(
    `mixed_load_throughput: ${(TOTAL / seconds).toFixed(1)} requests/s (${CONCURRENCY} concurrent)`,
  );
  console.log(`mixed_load_5xx: ${serverErrors} of ${TOTAL} requests`);
} finally {
  await server.close();
}
