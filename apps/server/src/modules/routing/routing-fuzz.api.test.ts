import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot.ts';
import { hostileValue } from '../../../test/fuzz-arbitraries.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

/**
 * The Pro routing routes (internet gateways, failover) are not in the community-edition fuzz run
 * (plugins/fuzz.api.test.ts): hostile values in each of their body fields never answer 5xx, and a refused
 * request writes nothing.
 */
let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [['exit', { firewallinuse: 'nftables' }], ['laptop'], ['failover']]);
  await server.request('POST', `/api/v1/node/${net.hosts.failover!.node}/failover`, { token: net.token });
});
afterAll(async () => {
  await server.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

describe('Pro routing routes under hostile bodies', () => {
  it.each([
    ['POST', () => `/api/nodes/office/${net.hosts.exit!.node}/inet_gw`, 'inet_node_client_ids', 'admin'],
    ['PUT', () => `/api/nodes/office/${net.hosts.exit!.node}/inet_gw`, 'inet_node_client_ids', 'admin'],
    ['POST', () => `/api/v1/node/${net.hosts.laptop!.node}/failover_me`, 'node_id', 'laptop'],
    ['POST', () => `/api/nodes/office/${net.hosts.exit!.node}/creategateway`, 'ranges_with_metric', 'admin'],
  ])(
    '-> %s %s with a hostile %s never answers 5xx and a refusal writes nothing',
    async (method, url, field, as) => {
      const token = as === 'admin' ? net.token : net.hosts[as]!.hostToken;
      const db = server.app.meshdeck.database.db;
      await fc.assert(
        fc.asyncProperty(hostileValue, async (value) => {
          const before = await snapshotDatabase(db);
          const response = await server.request(method, url(), { token, body: { [field]: value } });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(changedTables(before, await snapshotDatabase(db))).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    },
  );
});
