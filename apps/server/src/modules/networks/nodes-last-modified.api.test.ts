import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createClient, gatewayNetwork } from '../../../test/remote-access-factories.ts';

// Issue 30 item 9: a network's "nodes last modified" follows every change to its nodes and static nodes.
let server: TestServer;
let net: Awaited<ReturnType<typeof gatewayNetwork>>;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await gatewayNetwork(server);
});
afterEach(async () => {
  await server.close();
});

const db = () => server.app.meshdeck.database.db;
/** Sets the stamp back to 0, so any change shows as a jump to the current second (no waiting for the clock). */
const resetStamp = () =>
  db().updateTable('networks').set({ nodes_last_modified: 0 }).where('netid', '=', 'office').execute();
const stamp = async (): Promise<number> =>
  (await server.request<{ nodeslastmodified: number }>('GET', '/api/networks/office', { token: net.token }))
    .body.nodeslastmodified;
/** Runs `change` with the stamp reset and returns the stamp it left. */
const stampAfter = async (change: () => Promise<unknown>): Promise<number> => {
  await resetStamp();
  expect(await stamp()).toBe(0);
  await change();
  return stamp();
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('GET /api/networks/{netid} nodeslastmodified', () => {
  it('-> moves to now when a node changes, a static node is created, changed or deleted, and a node is deleted', async () => {
    const changes: [string, () => Promise<unknown>][] = [
      [
        'node joined',
        async () => {
          await registerFleet(server, net.token, ['office'], ['third']);
          return { status: 200, body: null };
        },
      ],
      [
        'node updated',
        () =>
          server.request('PUT', `/api/nodes/office/${net.meshNode}`, {
            token: net.token,
            body: { metadata: 'front desk' },
          }),
      ],
      [
        'static node created',
        () => createClient(server, net.token, 'office', net.gatewayNode, { clientid: 'laptop-1' }),
      ],
      [
        'static node changed',
        () =>
          server.request('PUT', '/api/extclients/office/laptop-1', {
            token: net.token,
            body: { clientid: 'laptop-1', enabled: false },
          }),
      ],
      [
        'static node deleted',
        () => server.request('DELETE', '/api/extclients/office/laptop-1', { token: net.token }),
      ],
      [
        'node deleted',
        () => server.request('DELETE', `/api/hosts/${net.meshHost.id}?force=true`, { token: net.token }),
      ],
    ];
    for (const [what, change] of changes) {
      const before = nowSeconds();
      const after = await stampAfter(async () => {
        const response = (await change()) as { status: number; body: unknown };
        expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      });
      expect(after, what).toBeGreaterThanOrEqual(before - 1);
      expect(after, what).toBeLessThanOrEqual(nowSeconds() + 1);
    }
  });

  it('-> stays when a node only checks in or gets a peer update', async () => {
    const after = await stampAfter(() =>
      db()
        .updateTable('nodes')
        .set({ last_check_in: new Date().toISOString(), last_peer_update: new Date().toISOString() })
        .where('network', '=', 'office')
        .execute(),
    );
    expect(after).toBe(0);
  });
});
