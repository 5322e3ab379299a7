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
  hostIds = await seedHosts(server.app.meshdeck.database.db, { network: 'big', range: '10.40.0.0/16', count: 40 });
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
    const renamed = await server.request('PUT', `/api/hosts/${hostIds[3]}`, { token, body: { name: 'renamed-host' } });
    expect(renamed.status).toBe(200);
    const after = nodePage.parse((await server.request('GET', '/api/console/nodes/big', { token })).body);
    expect(after.items.find((item) => item.hostId === hostIds[3])?.name).toBe('renamed-host');
    expect(after.items.at(-1)?.name).toBe('renamed-host');
  });

  it('-> rows sharing settings get the same flags, and each row adds its own NAT and removal flags', async () => {
    const { db } = server.app.meshdeck.database;
    const relaySettings = JSON.stringify({ ...DEFAULT_NODE_SETTINGS, isrelay: true });
    await db.updateTable('nodes').set({ settings: relaySettings }).where('host_id', 'in', [hostIds[1]!, hostIds[2]!]).execute();
    await db.updateTable('nodes').set({ pending_delete: 1 }).where('host_id', '=', hostIds[2]!).execute();
    await db.updateTable('hosts').set({ settings: JSON.stringify({ ...DEFAULT_HOST_SETTINGS, nat_type: 'symmetric' }) }).where('id', '=', hostIds[1]!).execute();
    await db.updateTable('hosts').set({ settings: JSON.stringify({ ...DEFAULT_HOST_SETTINGS, nat_type: 'public' }) }).where('id', '=', hostIds[3]!).execute();
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
    const denied = await server.request<{ Message: string }>('GET', '/api/console/nodes/big', { token: labAdmin });
    expect(denied.status).toBe(404);
    expect(denied.body.Message).toContain('big');
  });

  it('-> for a browser asking for compression, answers brotli with an ETag, and 304 for that ETag', async () => {
    const response = await fetch(`${server.url}/api/console/nodes/big`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(nodePage.parse(await response.json()).total).toBe(40);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${server.url}/api/console/nodes/big`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
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
