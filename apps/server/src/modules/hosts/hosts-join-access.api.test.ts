import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let adminToken: string;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  adminToken = await createSuperAdminAndLogin(server);
  await createNetwork(server, adminToken, 'neta', { addressrange: '10.30.0.0/24' });
  await createNetwork(server, adminToken, 'netb', { addressrange: '10.40.0.0/24' });
  await createNetwork(server, adminToken, 'netc', { addressrange: '10.50.0.0/24' });
});
afterEach(async () => {
  await server.close();
});

const nodesOf = async (hostId: string) => {
  const hosts = (
    await server.request<{ id: string; nodes: string[] }[]>('GET', '/api/hosts', { token: adminToken })
  ).body;
  return hosts.find((h) => h.id === hostId)?.nodes ?? [];
};

describe('POST /api/hosts/{hostid}/networks/{network} -> the host is checked as well as the network', () => {
  it('-> when an admin of network A adds a host of network B to A, returns 403 and writes nothing', async () => {
    const [hostOfB] = await registerFleet(server, adminToken, ['netb'], ['b-host']);
    const adminOfA = await createUserWithRole(server, 'admin-of-a', 'platform-user', [
      'neta-network-admin-grp',
    ]);
    const response = await server.request('POST', `/api/hosts/${hostOfB!.id}/networks/neta`, {
      token: adminOfA,
    });
    expect(response.status).toBe(403);
    expect(response.body.Message).toContain('access denied');
    expect(await nodesOf(hostOfB!.id)).toHaveLength(1);
  });

  it('-> when an admin of A and C adds a host of A to C, succeeds', async () => {
    const [hostOfA] = await registerFleet(server, adminToken, ['neta'], ['a-host']);
    const adminOfAandC = await createUserWithRole(server, 'admin-of-ac', 'platform-user', [
      'neta-network-admin-grp',
      'netc-network-admin-grp',
    ]);
    const response = await server.request('POST', `/api/hosts/${hostOfA!.id}/networks/netc`, {
      token: adminOfAandC,
    });
    expect(response.status).toBe(200);
    expect(await nodesOf(hostOfA!.id)).toHaveLength(2);
  });

  it('-> when a network-scoped admin names an unknown host, returns 403 (no hint that ids exist or not)', async () => {
    const adminOfA = await createUserWithRole(server, 'admin-of-a', 'platform-user', [
      'neta-network-admin-grp',
    ]);
    const response = await server.request(
      'POST',
      '/api/hosts/00000000-0000-4000-8000-000000000000/networks/neta',
      { token: adminOfA },
    );
    expect(response.status).toBe(403);
  });

  it('-> when a platform admin adds any host to any network, succeeds', async () => {
    const [hostOfB] = await registerFleet(server, adminToken, ['netb'], ['b-host']);
    const response = await server.request('POST', `/api/hosts/${hostOfB!.id}/networks/neta`, {
      token: adminToken,
    });
    expect(response.status).toBe(200);
  });
});
