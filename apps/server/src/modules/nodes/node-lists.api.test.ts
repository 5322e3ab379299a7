import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
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

describe('shared list answers and address hints', () => {
  it('GET /api/nodes -> when a node is deleted after a read, the next read no longer lists it (cache invalidated)', async () => {
    const [alpha, beta] = await registerFleet(server, token, ['office'], ['alpha', 'beta']);
    const before = await server.request<any[]>('GET', '/api/nodes', { token });
    expect(before.body).toHaveLength(2);
    const etag = before.headers.get('etag') ?? '';
    expect(
      (await server.request('GET', '/api/nodes', { token, headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    await server.request('DELETE', `/api/nodes/office/${beta!.nodes[0]!.id}?force=true`, { token });
    const after = await server.request<any[]>('GET', '/api/nodes', {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.body.map((n) => n.id)).toEqual([alpha!.nodes[0]!.id]);
    expect((await server.request<any[]>('GET', '/api/hosts', { token })).body).toHaveLength(2);
  });

  it('POST /api/v1/host/register -> when a lower address was freed, the next join gets it (lowest free first)', async () => {
    const fleet = await registerFleet(server, token, ['office'], ['a', 'b', 'c']);
    expect(fleet.map((h) => h.nodes[0]!.address.IP)).toEqual(['10.10.0.1', '10.10.0.2', '10.10.0.3']);
    await server.request('DELETE', `/api/nodes/office/${fleet[0]!.nodes[0]!.id}?force=true`, { token });
    const [late] = await registerFleet(server, token, ['office'], ['late']);
    expect(late!.nodes[0]!.address.IP).toBe('10.10.0.1');
    const [later] = await registerFleet(server, token, ['office'], ['later']);
    expect(later!.nodes[0]!.address.IP).toBe('10.10.0.4');
  });

  it('GET /metrics -> without a token returns 401; for an admin, Prometheus text with event-loop lag and queue depth', async () => {
    expect((await server.request('GET', '/metrics')).status).toBe(401);
    const response = await server.request<string>('GET', '/metrics', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.body).toMatch(/^meshdeck_event_loop_lag_p99_seconds [0-9.e-]+$/m);
    expect(response.body).toMatch(/^meshdeck_peer_queue_depth \d+$/m);
    expect(response.body).toMatch(/^process_resident_memory_bytes \d+$/m);
  });
});
