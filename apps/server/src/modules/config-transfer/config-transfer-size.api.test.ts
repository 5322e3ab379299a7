import { CONFIG_DOCUMENT_MAX_ITEMS } from '@meshdeck/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

// Issue 38 item 7: whatever export writes, import accepts (decision 049); a large import holds other writes only
// for its short transaction (decision 060).

// A limit for a loaded machine (PostgreSQL, 2 busy cores), not a speed check: the bench measures (decision 060).
const LIMIT = 180_000;
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
  it(
    'GET /api/v1/export then POST /api/v1/import -> when the export is over 1 MiB, another server imports it whole',
    async () => {
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
      const acls = await target.server.request<any>('GET', '/api/v1/acls?network=big', {
        token: target.token,
      });
      const names = (acls.body.Response as { name: string }[]).map((acl) => acl.name);
      for (let i = 0; i < 40; i++) expect(names).toContain(`wide-${i}`);
    },
    LIMIT,
  );

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

/** `count` custom entries of network `big` (10.101.0.0/16), as an export lists them. */
const entries = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    network: 'big',
    name: `e${i}.big`,
    address: `10.101.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    address6: '',
  }));
const LARGE = 5000;

describe('A large import beside other writes', () => {
  it(
    `POST /api/v1/import -> when ${LARGE} DNS entries are imported, writes sent one after another meanwhile keep being answered, and every entry and its activity entry is stored`,
    async () => {
      const { server, token } = await start();
      await createNetwork(server, token, 'big', { addressrange: '10.101.0.0/16' });
      await createNetwork(server, token, 'other', { addressrange: '10.102.0.0/24' });
      const document = { meshdeck_export: 1, dns: entries(LARGE) };
      let done = false;
      const importing = server
        .request<any>('POST', '/api/v1/import', { token, body: document })
        .finally(() => (done = true));
      const answered: number[] = [];
      while (!done) {
        const write = await server.request('POST', '/api/dns/other', {
          token,
          body: { name: `w${answered.length}.other`, address: '10.102.0.9' },
        });
        answered.push(write.status);
      }
      const imported = await importing;
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(answered.every((status) => status === 200)).toBe(true);
      // Before decision 060 every write waited for the whole import: one got in before it, one after it.
      expect(answered.length).toBeGreaterThan(2);
      const stored = await server.request<any[]>('GET', '/api/dns/adm/big/custom', { token });
      expect(stored.body).toHaveLength(LARGE);
      const db = server.app.meshdeck.database.db;
      const logged = await db
        .selectFrom('activity_log')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('route', '=', 'POST /api/dns/:network')
        .where('network_id', '=', 'big')
        .executeTakeFirstOrThrow();
      expect(Number(logged.count)).toBe(LARGE);
    },
    LIMIT,
  );

  it(
    `POST /api/v1/import -> when the last of ${LARGE} DNS entries repeats another's name, answers 400 naming it and stores nothing of the document`,
    async () => {
      const { server, token } = await start();
      const list = entries(LARGE);
      list[LARGE - 1] = { ...list[LARGE - 1]!, name: 'E0.big' };
      const document = {
        meshdeck_export: 1,
        networks: [{ netid: 'big', addressrange: '10.101.0.0/16' }],
        tags: [{ network: 'big', tag_name: 'servers' }],
        dns: list,
      };
      const activityBefore = await server.app.meshdeck.database.db
        .selectFrom('activity_log')
        .select('id')
        .execute();
      const refused = await server.request<any>('POST', '/api/v1/import', { token, body: document });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.Message).toContain(
        `dns[${LARGE - 1}] "E0.big" in big: name: E0.big already exists`,
      );
      expect(refused.body.Message).toContain('nothing was imported');
      expect((await server.request('GET', '/api/networks/big', { token })).status).toBe(404);
      const db = server.app.meshdeck.database.db;
      expect(await db.selectFrom('dns_entries').select('name').execute()).toEqual([]);
      expect(await db.selectFrom('tags').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('activity_log').select('id').execute()).toEqual(activityBefore);
    },
    LIMIT,
  );
});
