import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { routingNetwork } from '../../../test/routing-factories.ts';
import { PeersRepository } from './peers.repository.ts';

let server: TestServer;
let net: Awaited<ReturnType<typeof routingNetwork>>;
let repository: PeersRepository;
beforeEach(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  net = await routingNetwork(server, [['relay'], ['laptop'], ['router']]);
  repository = new PeersRepository(server.app.meshdeck.database.db);
});
afterEach(async () => {
  await server.close();
});

describe('PeersRepository.networksWithRoutingRoles (whether a batch may load only the listening hosts)', () => {
  it('-> is false for freshly joined nodes (empty ids and lists in their settings), true once a role exists, false again after', async () => {
    expect(await repository.networksWithRoutingRoles(['office'])).toEqual(new Set());
    const relay = await server.request('POST', `/api/nodes/office/${net.hosts.relay!.node}/createrelay`, {
      token: net.token,
      body: { relayaddrs: [net.hosts.laptop!.node] },
    });
    expect(relay.status).toBe(200);
    expect(await repository.networksWithRoutingRoles(['office'])).toEqual(new Set(['office']));
    expect(await repository.networksWithRoutingRoles(['elsewhere'])).toEqual(new Set());
    await server.request('DELETE', `/api/nodes/office/${net.hosts.relay!.node}/deleterelay`, {
      token: net.token,
    });
    expect(await repository.networksWithRoutingRoles(['office'])).toEqual(new Set());
    const gateway = await server.request(
      'POST',
      `/api/nodes/office/${net.hosts.router!.node}/creategateway`,
      {
        token: net.token,
        body: { ranges: ['192.168.70.0/24'] },
      },
    );
    expect(gateway.status).toBe(200);
    expect(await repository.networksWithRoutingRoles(['office'])).toEqual(new Set(['office']));
  });
});
