// The old ACL matrix at 1,000 nodes (issue 32: "usable at 1,000 nodes where the reference gives up at 50"). Real
// server and database with 1,000 seeded nodes and a few stored cells: the contract's every-pair read
// (GET /api/networks/{net}/acls) against the compact one the console reads (GET .../acls/cells), in time and bytes,
// then the console's own matrix code on the compact answer (packing it into the byte grid, and the body one
// toggled pair and "Block all" send), and "Block all" previewed and saved through the compact write. Rendering is virtualised (a few hundred cells in the DOM whatever N;
// old-acls-page.test.tsx checks it at 1,000 nodes).
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { MAX_BODY_BYTES } from '../src/lib/request-guards.ts';
import {
  DENY,
  NO_EDITS,
  changedCells,
  packMatrix,
  toggleCell,
} from '../../web/src/features/access-control/components/matrix-state.ts';
import { percentile, seedNetwork } from './seed.ts';

const NODES = Number(process.env.BENCH_MATRIX_NODES ?? 1000);
const RUNS = 5;
const NET = 'matrix-bench';

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, NET, { addressrange: '10.66.0.0/16' });
  await seedNetwork(server, NET, '10.66.0.0/16', NODES);
  const nodes = (await server.request<any>('GET', `/api/nodes/${NET}`, { token })).body as { id: string }[];
  // Ten denied pairs, as an admin would set a few.
  const body: Record<string, Record<string, number>> = {};
  for (let i = 0; i < 10; i++) body[nodes[i]!.id] = { [nodes[i + 100]!.id]: 1 };
  const put = await server.request('PUT', `/api/networks/${NET}/acls`, { token, body });
  if (put.status !== 200) throw new Error(`matrix PUT failed: ${put.status}`);

  const timed = async (path: string) => {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      times.push(performance.now() - started);
      bytes = text.length;
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    return { ms: percentile(times, 50), bytes };
  };
  const full = await timed(`/api/networks/${NET}/acls`);
  const compact = await timed(`/api/networks/${NET}/acls/cells`);

  const cells = (await server.request<any>('GET', `/api/networks/${NET}/acls/cells`, { token })).body;
  const names = new Map(nodes.map((n, i) => [n.id, `host-${i}`]));
  const packs: number[] = [];
  let matrix = packMatrix(cells, names);
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    matrix = packMatrix(cells, names);
    packs.push(performance.now() - started);
  }
  const one = changedCells(matrix, toggleCell(matrix, NO_EDITS, 0, 1));
  const started = performance.now();
  const blockAll = changedCells(matrix, { base: DENY, pairs: new Map() });
  const blockAllMs = performance.now() - started;
  const blockAllBytes = JSON.stringify(blockAll.body).length;

  // "Block all" as the console sends it (a fill), previewed, saved (one fill value and the cells that differ from it,
  // decision 040) and reset.
  const timedCall = async (method: string, path: string, payload: unknown) => {
    const begun = performance.now();
    const response = await server.request(method, path, { token, body: payload });
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status}`);
    return performance.now() - begun;
  };
  const fillPreview = await timedCall('POST', `/api/networks/${NET}/acls/cells/preview`, blockAll.body);
  const fillSave = await timedCall('PUT', `/api/networks/${NET}/acls/cells`, blockAll.body);
  const storedRows = (
    await server.app.meshdeck.database.db
      .selectFrom('acl_matrix')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('network', '=', NET)
      .executeTakeFirstOrThrow()
  ).n;
  const fillReset = await timedCall('PUT', `/api/networks/${NET}/acls/cells`, { fill: 2 });
  const legacyBlockAll =
    JSON.stringify(
      Object.fromEntries(nodes.map((a) => [a.id, Object.fromEntries(nodes.map((b) => [b.id, 1]))])),
    ).length / 2;

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(`\nOld ACL matrix, ${NODES} nodes (median of ${RUNS}; shared, loaded machine)`);
  console.log('| figure | median | target |');
  console.log('|---|---|---|');
  console.log(`| GET /acls (contract, every pair) | ${full.ms.toFixed(0)} ms, ${kib(full.bytes)} | |`);
  console.log(
    `| GET /acls/cells (what the console reads) | ${compact.ms.toFixed(0)} ms, ${kib(compact.bytes)} | usable at 1,000 nodes |`,
  );
  console.log(`| console: pack into the byte grid | ${percentile(packs, 50).toFixed(1)} ms | |`);
  console.log(`| console: one toggled pair, body sent | ${JSON.stringify(one.body).length} B | |`);
  console.log(
    `| console: "Block all", pairs / body / time | ${blockAll.count} / ${blockAllBytes} B (as /acls/v2: about ${kib(legacyBlockAll)}) / ${blockAllMs.toFixed(0)} ms | body <= ${kib(MAX_BODY_BYTES)} (request limit) |`,
  );
  console.log(`| "Block all": impact preview (POST /acls/cells/preview) | ${fillPreview.toFixed(0)} ms | |`);
  console.log(
    `| "Block all": save (PUT /acls/cells), matrix rows stored | ${fillSave.toFixed(0)} ms, ${Number(storedRows)} rows | |`,
  );
  console.log(`| "Allow all" back to the default: save | ${fillReset.toFixed(0)} ms | |`);
} finally {
  await server.close();
}
