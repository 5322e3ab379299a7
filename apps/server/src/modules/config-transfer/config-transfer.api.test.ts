import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let source: TestServer;
let target: TestServer;
let sourceToken: string;
let targetToken: string;
beforeEach(async () => {
  source = await startTestServer({ EDITION: 'pro' });
  target = await startTestServer({ EDITION: 'pro' });
  sourceToken = await createSuperAdminAndLogin(source);
  targetToken = await createSuperAdminAndLogin(target);
});
afterEach(async () => {
  await Promise.all([source.close(), target.close()]);
});

/** A network with a key, a tag, a custom DNS entry and a policy between two tags. */
async function furnish(server: TestServer, token: string) {
  await createNetwork(server, token, 'office', { addressrange: '10.60.0.0/24' });
  const calls = [
    server.request('POST', '/api/v1/enrollment-keys', {
      token,
      body: {
        tags: ['laptops'],
        networks: ['office'],
        type: 2,
        unlimited: true,
        expiration: 0,
        uses_remaining: 0,
      },
    }),
    server.request('POST', '/api/v1/tags', {
      token,
      body: { network: 'office', tag_name: 'servers', tagged_nodes: [] },
    }),
    server.request('POST', '/api/v1/tags', {
      token,
      body: { network: 'office', tag_name: 'staff', tagged_nodes: [] },
    }),
    server.request('POST', '/api/dns/office', { token, body: { name: 'printer', address: '10.60.0.9' } }),
  ];
  for (const call of calls) expect((await call).status).toBe(200);
  const acl = await server.request('POST', '/api/v1/acls', {
    token,
    body: {
      name: 'staff to servers',
      network_id: 'office',
      policy_type: 'device-policy',
      src_type: [{ id: 'tag', value: 'office.staff' }],
      dst_type: [{ id: 'tag', value: 'office.servers' }],
      allowed_traffic_direction: 1,
      protocol: 'all',
      type: 'Any',
      ports: [],
      enabled: true,
    },
  });
  expect(acl.status, JSON.stringify(acl.body)).toBe(200);
}

const exportOf = async (server: TestServer, token: string) => {
  const response = await server.request<any>('GET', '/api/v1/export', { token });
  expect(response.status).toBe(200);
  return response.body;
};
const importInto = (server: TestServer, token: string, document: unknown, dryRun: boolean) =>
  server.request<any>('POST', `/api/v1/import?dry_run=${dryRun}`, { token, body: document });
/** What a comparison of two servers' configurations looks at: names and settings, not generated ids or values. */
const comparable = (document: any) => ({
  networks: document.networks.map((n: any) => [n.netid, n.addressrange, n.defaultkeepalive]),
  keys: document.enrollment_keys.map((k: any) => [k.tags, k.networks, k.unlimited]),
  tags: document.tags.map((t: any) => t.id).sort(),
  dns: document.dns,
  acls: document.acls.map((a: any) => [a.name, a.src_type, a.dst_type, a.enabled]),
});

describe('GET /api/v1/export then POST /api/v1/import', () => {
  it('-> a dry run lists what would be created and writes nothing; the import then makes the same configuration', async () => {
    await furnish(source, sourceToken);
    const document = await exportOf(source, sourceToken);
    expect(document.meshdeck_export).toBe(1);
    const before = await exportOf(target, targetToken);

    const dry = await importInto(target, targetToken, document, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.Response.dry_run).toBe(true);
    expect(dry.body.Response.changes).toEqual(
      expect.arrayContaining([
        { resource: 'networks', id: 'office', action: 'create' },
        { resource: 'enrollment_keys', id: 'laptops', action: 'create' },
        { resource: 'tags', id: 'office.servers', action: 'create' },
        { resource: 'dns', id: 'office/printer', action: 'create' },
        { resource: 'acls', id: 'office/staff to servers', action: 'create' },
      ]),
    );
    expect(await exportOf(target, targetToken)).toEqual(before);

    const applied = await importInto(target, targetToken, document, false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(comparable(await exportOf(target, targetToken))).toEqual(comparable(document));

    // Importing the same document again changes nothing.
    const again = await importInto(target, targetToken, document, true);
    expect(again.body.Response.changes.every((c: any) => c.action === 'unchanged')).toBe(true);
  });

  it('-> an item that exists differently is a 409 naming it, and nothing of the document is written', async () => {
    await createNetwork(target, targetToken, 'office', { addressrange: '10.99.0.0/24' });
    const document = {
      meshdeck_export: 1,
      networks: [
        { netid: 'lab', addressrange: '10.61.0.0/24' },
        { netid: 'office', addressrange: '10.60.0.0/24' },
      ],
    };
    const response = await importInto(target, targetToken, document, false);
    expect(response.status).toBe(409);
    expect(response.body.Message).toContain('networks[1] "office"');
    expect((await target.request('GET', '/api/networks/lab', { token: targetToken })).status).not.toBe(200);
  });

  it('-> a write refused while applying removes what the import had created and names the item', async () => {
    const document = {
      meshdeck_export: 1,
      networks: [{ netid: 'lab', addressrange: '10.62.0.0/24' }],
      dns: [{ network: 'ghost', name: 'nas', address: '10.62.0.7' }],
    };
    const response = await importInto(target, targetToken, document, false);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.Message).toContain('dns[0] "nas" in ghost');
    const networks = await target.request<any[]>('GET', '/api/networks', { token: targetToken });
    expect(networks.body.map((n) => n.netid)).not.toContain('lab');
  });

  it('-> an invalid item is a 400 naming the item and field', async () => {
    const response = await importInto(
      target,
      targetToken,
      { meshdeck_export: 1, dns: [{ network: 'x', name: 'bad name', address: '10.0.0.1' }] },
      true,
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toContain('dns[0]: name');
    const wrong = await importInto(target, targetToken, { networks: [] }, true);
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toContain('meshdeck_export');
  });

  it('-> only platform admins import; an auditor may export', async () => {
    const auditor = await createUserWithRole(target, 'aud', 'auditor');
    expect((await importInto(target, auditor, { meshdeck_export: 1 }, true)).status).toBe(403);
    expect((await target.request('GET', '/api/v1/export', { token: auditor })).status).toBe(200);
  });
});
