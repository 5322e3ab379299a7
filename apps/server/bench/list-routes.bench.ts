// The console's lean list routes at scale (issue 18, server side): seeds BENCH_LIST_NODES (default 100,000) hosts
// with one node each in bulk straight into the database, then times GET /api/console/nodes/{network} and
// GET /api/console/hosts: the first read after a change (what the nodes page waits for), a repeat read, and a
// one-row read (?ids=, what a pushed change costs). Prints one table; numbers only, nothing fails on time.
import http from 'node:http';
import { seedHosts } from '../test/bulk-seed.ts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { DEFAULT_HOST_SETTINGS } from '../src/modules/hosts/host-fields.ts';
import { DEFAULT_NODE_SETTINGS } from '../src/modules/nodes/node-fields.ts';

const NODES = Number(process.env.BENCH_LIST_NODES ?? 100_000);
const RUNS = 5;

/** One GET read to the last byte (compressed as a browser asks), with its time and size. */
function get(url: string, token: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'br, gzip', authorization: `Bearer ${token}` };
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }),
        );
      })
      .on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'scale', { addressrange: '10.128.0.0/9' });
  const started = performance.now();
  const { db } = server.app.meshdeck.database;
  const ids = await seedHosts(db, { network: 'scale', range: '10.128.0.0/9', count: NODES });
  // The bulk seeder writes '{}' settings; registered hosts and nodes carry every field (parsed per row by the list).
  await db
    .updateTable('nodes')
    .set({ settings: JSON.stringify(DEFAULT_NODE_SETTINGS) })
    .execute();
  await db
    .updateTable('hosts')
    .set({ settings: JSON.stringify({ ...DEFAULT_HOST_SETTINGS, nat_type: 'public', interface: 'eth0' }) })
    .execute();
  console.log(`  seeded ${NODES} hosts and nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Any host change invalidates every list answer: the "first read" is the read right after one.
  const touch = () =>
    server.request('PUT', `/api/hosts/${ids[0]}`, { token, body: { name: `touched-${Date.now()}` } });
  const rows: string[][] = [];
  for (const [label, path] of [
    ['nodes of a network', '/api/console/nodes/scale'],
    ['hosts', '/api/console/hosts'],
  ] as const) {
    const first: number[] = [];
    const again: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const changed = await touch();
      if (changed.status !== 200) throw new Error(`PUT host answered ${changed.status}`);
      const cold = await get(`${server.url}${path}`, token);
      if (cold.status !== 200) throw new Error(`${path} answered ${cold.status}`);
      first.push(cold.ms);
      bytes = cold.bytes;
      again.push((await get(`${server.url}${path}`, token)).ms);
    }
    const one: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const id = path.includes('hosts') ? ids[run] : undefined;
      const query = id ? `?ids=${id}` : `?host=${ids[run]}`;
      one.push((await get(`${server.url}${path}${query}`, token)).ms);
    }
    rows.push([
      `GET ${path} (${label})`,
      median(first).toFixed(0),
      median(again).toFixed(0),
      median(one).toFixed(1),
      `${(bytes / 1024).toFixed(0)} KiB`,
    ]);
  }
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\nConsole list routes at ${NODES.toLocaleString('en')} nodes on ${engine} (medians of ${RUNS}; the nodes page's target, first rows <= 2,000 ms, includes the browser)`,
  );
  const header = ['route', 'first read after a change, ms', 'repeat read, ms', 'one host, ms', 'compressed'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
} finally {
  await server.close();
}
