import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
beforeEach(async () => {
  server = await startTestServer();
  net = await routingNetwork(server, [['laptop'], ['router-1'], ['router-2']]);
});
afterEach(async () => {
  await server.close();
});

const report = {
  at: '2026-11-26T14:00:00.000Z',
  firewall: { tool: 'nftables' },
  ranges: [
    {
      range: '192.168.40.0/24',
      router: '10.20.0.2',
      via: 'router-1',
      routers: 2,
      reason: 'lowest metric (10)',
    },
  ],
  shadowed: [{ range: '192.168.1.0/24', lan: '192.168.1.0/24 on eth0' }],
  internet: null,
  roles: [],
};
const put = (host: string, body: unknown, asHost = host) =>
  server.request<any>('PUT', `/api/v1/host/${net.hosts[host]!.hostId}/routing_status`, {
    token: net.hosts[asHost]!.hostToken,
    body,
  });

describe('routing status (active router per range)', () => {
  it('-> an agent reports its routing picture and the console reads it for the network', async () => {
    expect((await put('laptop', report)).status).toBe(200);
    const read = await server.request<any>('GET', '/api/console/routing-status/office', { token: net.token });
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([
      expect.objectContaining({
        host_id: net.hosts.laptop!.hostId,
        host_name: 'laptop',
        node_id: net.hosts.laptop!.node,
        report: expect.objectContaining({
          ranges: report.ranges,
          shadowed: report.shadowed,
          firewall: { tool: 'nftables', missing: null },
        }),
      }),
    ]);
  });

  it('-> a host may report only for itself; a bad or oversized report is refused and keeps the last one', async () => {
    expect((await put('laptop', report, 'router-1')).status).toBe(403);
    expect((await put('laptop', report)).status).toBe(200);
    const bad = await put('laptop', {
      ...report,
      internet: { gateway: 'exit', state: 'up', failMode: 'sideways' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/internet.failMode must be "closed" or "open"/);
    const huge = await put('laptop', {
      ...report,
      ranges: Array.from({ length: 200 }, (_, i) => ({
        ...report.ranges[0],
        range: `10.${i}.0.0/16`,
        reason: 'x'.repeat(200),
      })),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.Message).toMatch(/at most 8192 bytes/);
    const read = await server.request<any>('GET', '/api/console/routing-status/office', { token: net.token });
    expect(read.body.items[0].report.ranges).toEqual(report.ranges);
  });

  it('-> a deleted host takes its report with it; an unknown network is a 404', async () => {
    await put('laptop', report);
    const deleted = await server.request('DELETE', `/api/hosts/${net.hosts.laptop!.hostId}?force=true`, {
      token: net.token,
    });
    expect(deleted.status).toBe(200);
    const read = await server.request<any>('GET', '/api/console/routing-status/office', { token: net.token });
    expect(read.body.items).toEqual([]);
    const unknown = await server.request<any>('GET', '/api/console/routing-status/nowhere', {
      token: net.token,
    });
    expect(unknown.status).toBe(404);
  });
});
