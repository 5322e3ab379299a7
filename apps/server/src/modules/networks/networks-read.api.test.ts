import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
});
afterEach(async () => {
  await server.close();
});

const netids = async (authToken = token) =>
  ((await server.request('GET', '/api/networks', { token: authToken })).body as { netid: string }[]).map(
    (n) => n.netid,
  );

describe('GET /api/networks and GET /api/networks/:networkname', () => {
  it('-> for an admin, lists every network sorted by netid', async () => {
    for (const [netid, range] of [
      ['zeta', '10.3.0.0/24'],
      ['alpha-2', '10.1.0.0/24'],
      ['alpha_1', '10.2.0.0/24'],
    ] as const) {
      await createNetwork(server, token, netid, { addressrange: range });
    }
    expect(await netids()).toEqual(['alpha-2', 'alpha_1', 'zeta']);
  });

  it('-> for a platform user, shows only the networks it administers', async () => {
    await createNetwork(server, token, 'office', { addressrange: '10.1.0.0/24' });
    await createNetwork(server, token, 'lab', { addressrange: '10.2.0.0/24' });
    const userToken = await createUserWithRole(server, 'lab-admin', 'platform-user', [
      'lab-network-admin-grp',
    ]);
    expect(await netids(userToken)).toEqual(['lab']);
    expect((await server.request('GET', '/api/networks/lab', { token: userToken })).status).toBe(200);
    expect((await server.request('GET', '/api/networks/office', { token: userToken })).status).toBe(404);
    const globalToken = await createUserWithRole(server, 'net-admin', 'platform-user', [
      'global-network-admin-grp',
    ]);
    expect(await netids(globalToken)).toEqual(['lab', 'office']);
  });

  it('-> for an unknown network, returns 404 {Code, Message}; without a token, 401', async () => {
    const response = await server.request('GET', '/api/networks/ghost', { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ Code: 404, Message: 'network ghost not found', Response: null });
    expect((await server.request('GET', '/api/networks')).status).toBe(401);
    expect((await server.request('GET', '/api/networks/ghost')).status).toBe(401);
  });
});
