// Issue 38 item 7 (decision 060): how long a 10,000-item import (`POST /api/v1/import`, the document's maximum of one
// resource, custom DNS entries as in the issue) takes, and the longest a write sent while it runs waits for its
// answer: writes go one after another for as long as the import runs. On SQLite every write waits for the import's
// transaction; on PostgreSQL only writes that need its locks would. PostgreSQL when DATABASE_URL is set (npm run
// bench runs it under scripts/with-postgres.sh), SQLite otherwise. Numbers come from here, never from timed
// assertions in tests. IMPORT_BENCH_ITEMS sets another size; IMPORT_BENCH_RESOURCE=tags or acls imports tags or
// tag-to-tag policies instead of DNS entries (run two sizes to see that the cost grows linearly).
import { CONFIG_DOCUMENT_MAX_ITEMS } from '@meshdeck/contracts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';

const ITEMS = Number(process.env.IMPORT_BENCH_ITEMS ?? CONFIG_DOCUMENT_MAX_ITEMS);
const RESOURCE = process.env.IMPORT_BENCH_RESOURCE ?? 'dns';
const server = await startTestServer({ EDITION: 'pro' });
const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'bulk', { addressrange: '10.70.0.0/16' });
  await createNetwork(server, token, 'other', { addressrange: '10.71.0.0/24' });
  const dns =
    RESOURCE === 'dns'
      ? Array.from({ length: ITEMS }, (_, i) => ({
          network: 'bulk',
          name: `e${i}.bulk`,
          address: `10.70.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          address6: '',
        }))
      : [];
  const tags =
    RESOURCE === 'dns'
      ? []
      : Array.from({ length: RESOURCE === 'tags' ? ITEMS : 2 }, (_, i) => ({
          network: 'bulk',
          tag_name: `tag${i}`,
          color_code: '',
        }));
  const acls =
    RESOURCE === 'acls'
      ? Array.from({ length: ITEMS }, (_, i) => ({
          name: `p${i}`,
          network_id: 'bulk',
          policy_type: 'device-policy',
          src_type: [{ id: 'tag', value: 'bulk.tag0' }],
          dst_type: [{ id: 'tag', value: 'bulk.tag1' }],
          allowed_traffic_direction: 1,
          enabled: true,
          protocol: 'all',
          type: 'Any',
          ports: [],
        }))
      : [];
  const document = { meshdeck_export: 1, networks: [], enrollment_keys: [], tags, dns, acls };

  /** One DNS entry in the other network (the import takes no lock of it): its time to an answer. */
  let writes = 0;
  const write = async () => {
    const started = performance.now();
    const answer = await server.request('POST', '/api/dns/other', {
      token,
      body: { name: `w${writes++}.other`, address: '10.71.0.9' },
    });
    if (answer.status !== 200)
      throw new Error(`write answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return performance.now() - started;
  };
  const alone = await write();

  const started = performance.now();
  let done = false;
  const importing = server
    .request('POST', '/api/v1/import', { token, body: document })
    .finally(() => (done = true));
  const waits: number[] = [];
  while (!done) waits.push(await write());
  const imported = await importing;
  if (process.env.IMPORT_BENCH_WAITS) console.log(waits.map((w) => Math.round(w)).join(' '));
  const took = performance.now() - started;
  if (imported.status !== 200)
    throw new Error(`import answered ${imported.status}: ${JSON.stringify(imported.body)}`);
  console.log(
    `import_${ITEMS}_${RESOURCE}_${engine}: import ${(took / 1000).toFixed(1)} s, longest wait of ${waits.length} writes during it ${(Math.max(...waits) / 1000).toFixed(2)} s (a write alone ${(alone / 1000).toFixed(3)} s)`,
  );
} finally {
  await server.close();
}
