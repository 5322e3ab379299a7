import { CONFIG_DOCUMENT_MAX_ITEMS } from '@meshdeck/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

// Issue 38 item 7: whatever export writes, import accepts (decision 049).

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
const start = async () => {
  const server = await startTestServer({ EDITION: 'pro' });
  servers.push(server);
  return { server, token: await createSuperAdminAndLogin(server) };
};

/** A wide policy: 256 sources and destinations, the most a policy takes, about 28 KB of export. */
const widePolicy = (name: string) => {
  const refs = Array.from({ length: 256 }, () => ({ id: 'tag', value: 'big.group-a' }));
  return {
    name,
    network_id: 'big',
    policy_type: 'device-policy',
    src_type: refs,
    dst_type: refs,
    allowed_traffic_direction: 1,
    enabled: true,
    meta_data: 'm'.repeat(1024),
  };
};

describe('Export and import of a large configuration', () => {
  it('GET /api/v1/export then POST /api/v1/import -> when the export is over 1 MiB, another server imports it whole', async () => {
    const source = await start();
    await createNetwork(source.server, source.token, 'big');
    const tag = await source.server.request('POST', '/api/v1/tags', {
      token: source.token,
      body: { tag_name: 'group-a', network: 'big' },
    });
    expect(tag.status).toBe(200);
    for (let i = 0; i < 40; i++) {
      const created = await source.server.request('POST', '/api/v1/acls', {
        token: source.token,
        body: widePolicy(`wide-${i}`),
      });
      expect(created.status).toBe(200);
    }
    const exported = await source.server.request<Record<string, unknown[]>>('GET', '/api/v1/export', {
      token: source.token,
    });
    expect(exported.status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(exported.body))).toBeGreaterThan(1024 * 1024);

    const target = await start();
    const imported = await target.server.request<any>('POST', '/api/v1/import', {
      token: target.token,
      body: exported.body,
    });
    expect(imported.status).toBe(200);
    const acls = await target.server.request<any>('GET', '/api/v1/acls?network=big', { token: target.token });
    const names = (acls.body.Response as { name: string }[]).map((acl) => acl.name);
    for (let i = 0; i < 40; i++) expect(names).toContain(`wide-${i}`);
  });

  it(`GET /api/v1/export -> when a resource holds more than ${CONFIG_DOCUMENT_MAX_ITEMS} items, answers 413 naming it instead of a document import refuses`, async () => {
    const source = await start();
    await createNetwork(source.server, source.token, 'big');
    const db = source.server.app.meshdeck.database.db;
    const rows = Array.from({ length: CONFIG_DOCUMENT_MAX_ITEMS + 1 }, (_, i) => ({
      network: 'big',
      name: `e${i}.big`,
      address: `10.101.0.${(i % 250) + 1}`,
      address6: '',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('dns_entries')
        .values(rows.slice(i, i + 500))
        .execute();
    const exported = await source.server.request<any>('GET', '/api/v1/export', { token: source.token });
    expect(exported.status).toBe(413);
    expect(exported.body.Message).toMatch(
      /holds 10001 dns, more than one import document may hold \(10000\)/,
    );
  });
});
