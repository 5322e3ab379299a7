import { networkStatsItemSchema } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/access.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { createNetworkInputSchema } from '@meshdeck/contracts';
import type { NetworkUsage } from './network-usage.ts';
import { NetworksRepository } from './networks.repository.ts';
import { NetworksService } from './networks.service.ts';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'office', { addressrange: '10.1.0.0/24' });
  await createNetwork(server, token, 'lab', { addressrange: '10.2.0.0/24' });
});
afterEach(async () => {
  await server.close();
});

describe('GET /api/v1/networks/stats', () => {
  it('-> returns env of every network with its host count, in both the v0.30 and the v1.5 shape', async () => {
    const response = await server.request('GET', '/api/v1/networks/stats', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Code: 200, Message: expect.any(String) });
    const items = networkStatsItemSchema.array().parse(response.body.Response);
    expect(items.map((item) => [item.netid, item.hosts, item.Network.netid, item.Hosts])).toEqual([
      ['lab', 0, 'lab', 0],
      ['office', 0, 'office', 0],
    ]);
    expect(items[0]?.Network.addressrange).toBe('10.2.0.0/24');
  });

  it('-> for a platform user, lists only the networks it administers; without a token, 401', async () => {
    const userToken = await createUserWithRole(server, 'office-admin', 'platform-user', [
      'office-network-admin-grp',
    ]);
    const response = await server.request('GET', '/api/v1/networks/stats', { token: userToken });
    expect((response.body.Response as { netid: string }[]).map((item) => item.netid)).toEqual(['office']);
    expect((await server.request('GET', '/api/v1/networks/stats')).status).toBe(401);
  });
});

/** The NetworkUsage contract, exercised through the service with a stand-in for the nodes module. */
describe('NetworksService with a NetworkUsage', () => {
  const admin: Principal = {
    kind: 'user',
    username: 'admin',
    platformRoleId: 'super-admin',
    groupIds: [],
    isMaster: false,
  };
  const calls: string[] = [];
  const usage = (
    nodes: Record<string, number>,
    onDelete?: NetworkUsage['deleteNetworkMembers'],
    onCreate?: NetworkUsage['createNetworkMembers'],
  ): NetworkUsage => ({
    countNodes: (netid) => Promise.resolve(nodes[netid] ?? 0),
    countNodesByNetwork: () => {
      calls.push('countNodesByNetwork');
      return Promise.resolve(new Map(Object.entries(nodes)));
    },
    deleteNetworkMembers:
      onDelete ??
      ((netid) => {
        calls.push(`deleteNetworkMembers:${netid}`);
        return Promise.resolve([]);
      }),
    createNetworkMembers:
      onCreate ??
      ((netid) => {
        calls.push(`createNetworkMembers:${netid}`);
        return Promise.resolve([]);
      }),
  });
  const service = (networkUsage: NetworkUsage) =>
    new NetworksService(
      new NetworksRepository(server.app.meshdeck.database.db),
      networkUsage,
      server.app.meshdeck.events,
    );
  const exists = async (netid: string) =>
    (await server.request('GET', `/api/networks/${netid}`, { token })).status === 200;

  beforeEach(() => {
    calls.length = 0;
  });

  it('stats -> reports the counts from one bulk call', async () => {
    const items = await service(usage({ office: 3 })).stats(admin);
    expect(items.map((item) => [item.netid, item.hosts, item.Hosts])).toEqual([
      ['lab', 0, 0],
      ['office', 3, 3],
    ]);
    expect(calls).toEqual(['countNodesByNetwork']);
  });

  it('delete -> while nodes remain and force is off, refuses with 400 and keeps everything', async () => {
    await expect(service(usage({ office: 2 })).delete('office', false)).rejects.toMatchObject({
      statusCode: 400,
      message: 'network office still has 2 node(s): remove them first, or delete with ?force=true',
    });
    expect(calls).toEqual([]);
    expect(await exists('office')).toBe(true);
  });

  it('delete -> with force, removes the members and then the network', async () => {
    await service(usage({ office: 2 })).delete('office', true);
    expect(calls).toEqual(['deleteNetworkMembers:office']);
    expect(await exists('office')).toBe(false);
  });

  it('create -> when creating the members fails, the network is not created either', async () => {
    const failing = usage({}, undefined, () => Promise.reject(new Error('default key could not be created')));
    const input = createNetworkInputSchema.parse({ netid: 'rolled-back', addressrange: '10.77.0.0/24' });
    await expect(service(failing).create(input)).rejects.toThrow('default key could not be created');
    expect(await exists('rolled-back')).toBe(false);
  });

  it('delete -> when removing the members fails, rolls back the whole transaction', async () => {
    const failing = usage({ office: 1 }, async (_netid, trx) => {
      await trx.insertInto('write_locks').values({ name: 'written-before-failure', touched: 0 }).execute();
      throw new Error('nodes could not be removed');
    });
    await expect(service(failing).delete('office', true)).rejects.toThrow('nodes could not be removed');
    expect(await exists('office')).toBe(true);
    const leftover = await server.app.meshdeck.database.db
      .selectFrom('write_locks')
      .selectAll()
      .where('name', '=', 'written-before-failure')
      .execute();
    expect(leftover).toEqual([]);
  });
});
