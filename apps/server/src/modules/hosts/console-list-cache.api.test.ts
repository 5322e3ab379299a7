import { hostListItemSchema, listPageSchema, nodeListItemSchema } from '@meshdeck/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedHosts } from '../../../test/bulk-seed.ts';
import { DEFAULT_NODE_SETTINGS } from '../nodes/node-fields.ts';
import { DEFAULT_HOST_SETTINGS } from './host-fields.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

// The console's whole-list reads (no query) are built once per data version and shared (lib/read-cache.ts):
// they skip the per-answer zod walk, so these tests hold them to the contract and to every change.
let server: TestServer;
let token: string;
let hostIds: string[];
beforeEach(async () => {
  server = await startTestServer();
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'big', { addressrange: '10.40.0.0/16' });
  await createNetwork(server, token, 'lab', { addressrange: '10.20.0.0/24' });
  hostIds = await seedHosts(server.app.meshdeck.database.db, {
    network: 'big',
    range: '10.40.0.0/16',
    count: 40,
  });
});
afterEach(async () => {
  await server.close();
});

const nodePage = listPageSchema(nodeListItemSchema);
const hostPage = listPageSchema(hostListItemSchema);

describe('GET /api/console/nodes/{network} without a query (shared answer)', () => {
  it('-> every row has the contract form, and a renamed host shows its new name on the next read', async () => {
    const first = await server.request('GET', '/api/console/nodes/big', { token });
    expect(first.status).toBe(200);
    expect(nodePage.parse(first.body).items).toHaveLength(40);
    const renamed = await server.request('PUT', `/api/hosts/${hostIds[3]}`, {
      token,
      body: { name: 'renamed-host' },
    });
    expect(renamed.status).toBe(200);
    const after = nodePage.parse((await server.request('GET', '/api/console/nodes/big', { token })).body);
    expect(after.items.find((item) => item.hostId === hostIds[3])?.name).toBe('renamed-host');
    expect(after.items.at(-1)?.name).toBe('renamed-host');
  });

  it('-> rows sharing settings get the same flags, and each row adds its own NAT and removal flags', async () => {
    const { db } = server.app.meshdeck.database;
    const relaySettings = JSON.stringify({ ...DEFAULT_NODE_SETTINGS, isrelay: true });
    await db
      .updateTable('nodes')
      .set({ settings: relaySettings })
      .where('host_id', 'in', [hostIds[1]!, hostIds[2]!])
      .execute();
    await db.updateTable('nodes').set({ pending_delete: 1 }).where('host_id', '=', hostIds[2]!).execute();
    await db
      .updateTable('hosts')
      .set({ settings: JSON.stringify({ ...DEFAULT_HOST_SETTINGS, nat_type: 'symmetric' }) })
      .where('id', '=', hostIds[1]!)
      .execute();
    await db
      .updateTable('hosts')
      .set({ settings: JSON.stringify({ ...DEFAULT_HOST_SETTINGS, nat_type: 'public' }) })
      .where('id', '=', hostIds[3]!)
      .execute();
    const page = nodePage.parse((await server.request('GET', '/api/console/nodes/big', { token })).body);
    const flagsOf = (hostId: string | undefined) => page.items.find((item) => item.hostId === hostId)?.flags;
    expect(flagsOf(hostIds[1])).toEqual(['relay', 'behindNat']);
    expect(flagsOf(hostIds[2])).toEqual(['relay', 'removing']);
    expect(flagsOf(hostIds[0])).toEqual([]);
    expect(flagsOf(hostIds[3])).toEqual([]);
  });

  it('-> when a node is deleted after a read, the next read no longer lists it', async () => {
    const before = nodePage.parse((await server.request('GET', '/api/console/nodes/big', { token })).body);
    const gone = before.items[0]!;
    const deleted = await server.request('DELETE', `/api/nodes/big/${gone.id}?force=true`, { token });
    expect(deleted.status).toBe(200);
    const after = nodePage.parse((await server.request('GET', '/api/console/nodes/big', { token })).body);
    expect(after.total).toBe(39);
    expect(after.items.map((item) => item.id)).not.toContain(gone.id);
  });

  it('-> when an admin has warmed the answer, a user without a role in the network still gets 404', async () => {
    expect((await server.request('GET', '/api/console/nodes/big', { token })).status).toBe(200);
    const labAdmin = await createUserWithRole(server, 'labadmin', 'platform-user', ['lab-network-admin-grp']);
    const denied = await server.request<{ Message: string }>('GET', '/api/console/nodes/big', {
      token: labAdmin,
    });
    expect(denied.status).toBe(404);
    expect(denied.body.Message).toContain('big');
  });

  it('-> for a browser asking for compression, answers brotli with an ETag, and 304 for that ETag', async () => {
    const response = await fetch(`${server.url}/api/console/nodes/big`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(nodePage.parse(await response.json()).total).toBe(40);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${server.url}/api/console/nodes/big`, {
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('GET /api/console/hosts without a query (shared answer)', () => {
  it('-> every row has the contract form, and a deleted host is gone from the next read', async () => {
    const before = hostPage.parse((await server.request('GET', '/api/console/hosts', { token })).body);
    expect(before.total).toBe(40);
    const deleted = await server.request('DELETE', `/api/hosts/${hostIds[0]}?force=true`, { token });
    expect(deleted.status).toBe(200);
    const after = hostPage.parse((await server.request('GET', '/api/console/hosts', { token })).body);
    expect(after.items.map((item) => item.id)).not.toContain(hostIds[0]);
    expect(after.total).toBe(39);
  });
});

describe('first rows (a query with limit) cut from the shared rows', () => {
  it('-> a node page matches the whole list filtered and sorted, and follows a rename at once', async () => {
    const whole = nodePage.parse((await server.request('GET', '/api/console/nodes/big', { token })).body);
    const first = nodePage.parse(
      (await server.request('GET', '/api/console/nodes/big?sort=-name&limit=5', { token })).body,
    );
    expect(first.total).toBe(40);
    expect(first.items.map((item) => item.name)).toEqual(
      whole.items
        .map((item) => item.name)
        .sort()
        .reverse()
        .slice(0, 5),
    );
    await server.request('PUT', `/api/hosts/${hostIds[7]}`, { token, body: { name: 'zz-renamed' } });
    const after = nodePage.parse(
      (await server.request('GET', '/api/console/nodes/big?sort=-name&limit=5&search=zz-', { token })).body,
    );
    expect(after.items.map((item) => item.hostId)).toEqual([hostIds[7]]);
    expect(after.total).toBe(1);
  });

  it('-> a host page matches the whole list filtered, and drops a deleted host at once', async () => {
    const name = hostPage.parse((await server.request('GET', '/api/console/hosts', { token })).body).items[4]!
      .name;
    const found = hostPage.parse(
      (
        await server.request('GET', `/api/console/hosts?search=${encodeURIComponent(name)}&limit=100`, {
          token,
        })
      ).body,
    );
    expect(found.items.map((item) => item.name)).toEqual([name]);
    await server.request('DELETE', `/api/hosts/${found.items[0]!.id}?force=true`, { token });
    const after = hostPage.parse(
      (
        await server.request('GET', `/api/console/hosts?search=${encodeURIComponent(name)}&limit=100`, {
          token,
        })
      ).body,
    );
    expect(after.total).toBe(0);
  });
});

describe('whole lists read in slices', () => {
  it('-> a list longer than one slice (5,000 rows) has every row exactly once', async () => {
    await createNetwork(server, token, 'wide', { addressrange: '10.60.0.0/16' });
    await seedHosts(server.app.meshdeck.database.db, { network: 'wide', range: '10.60.0.0/16', count: 5003 });
    const nodes = nodePage.parse((await server.request('GET', '/api/console/nodes/wide', { token })).body);
    expect(nodes.total).toBe(5003);
    expect(new Set(nodes.items.map((item) => item.id)).size).toBe(5003);
    expect(nodes.items.every((item) => item.network === 'wide')).toBe(true);
    const hosts = hostPage.parse((await server.request('GET', '/api/console/hosts', { token })).body);
    expect(hosts.total).toBe(5043);
    expect(new Set(hosts.items.map((item) => item.id)).size).toBe(5043);
    expect(hosts.items.filter((item) => item.nodes.length === 1)).toHaveLength(5043);
  });
});
