// The control plane at 10,000 hosts (issue 20): joins, event-loop lag, GET /login, CPU after the burst, memory,
// one peer change in a 5,000-host mesh, GET /api/nodes under 50 clients and mixed console reads under 100, on
// SQLite and (when DATABASE_URL is set, e.g. under scripts/with-postgres.sh) PostgreSQL. Prints one table.
// Env: BENCH_HOSTS (default 10000) to shorten a run; BENCH_ONLY_READS=1 runs only the mixed-read rows,
// BENCH_ONLY_JOINS=1 only the join rows, BENCH_ONLY_NODES=1 the join rows and GET /api/nodes; BENCH_HEAP_SNAPSHOT=<file> writes the server's heap once the joins are
// idle; BENCH_NODE_FLAGS='--flag ...' runs the server with other V8 flags than `npm start`.
import { build } from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostBody } from '../test/device-factories.ts';
import { percentile } from './seed.ts';

const HOSTS = Number(process.env.BENCH_HOSTS ?? 10_000);
const JOIN_CONCURRENCY = 64;
const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ServerProcess {
  call<T = any>(op: string, args?: Record<string, unknown>): Promise<T>;
  child: ChildProcess;
}

/**
 * Bundles control-plane-server.ts (and the server it starts) with esbuild as apps/server/build.mjs does, so the
 * measured process runs compiled JavaScript like `npm start`: a TypeScript loader in the process holds memory
 * (transformed sources, source maps) that users never pay. npm packages stay external; the bundle sits under
 * bench/dist so they resolve from the workspace's node_modules.
 */
async function bundleServer(): Promise<string> {
  const outfile = path.join(here, 'dist', 'control-plane-server.mjs');
  const externalPackages = (args: { path: string }) =>
    args.path.startsWith('@meshdeck/') ? undefined : { path: args.path, external: true };
  await build({
    entryPoints: [path.join(here, 'control-plane-server.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup: (esbuild) => esbuild.onResolve({ filter: /^[^./]/ }, externalPackages),
      },
    ],
  });
  return outfile;
}
const serverBundle = await bundleServer();

/**
 * The V8 flags and allocator settings `npm start` runs the server with (root package.json), so the figures are
 * those users get.
 */
function readStartCommand(): { env: Record<string, string>; flags: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(here, '..', '..', '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /exec env ((?:\w+=\S+ )*)node ((?:--\S+ )*)apps\/server\/dist\/main\.mjs/.exec(
    manifest.scripts.start,
  );
  if (!match) throw new Error('cannot read the environment and node flags of `npm start` in package.json');
  const pairs = match[1]!
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]);
  return { env: Object.fromEntries(pairs), flags: match[2]!.split(' ').filter(Boolean) };
}
const startCommand = readStartCommand();

/** Starts control-plane-server.ts in its own process; `databaseUrl` picks PostgreSQL. */
async function startServer(databaseUrl?: string): Promise<ServerProcess> {
  // Same allocator settings as `npm start`; BENCH_START_ENV=0 leaves them out to compare.
  const env = { ...process.env, ...(process.env.BENCH_START_ENV === '0' ? {} : startCommand.env) };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Same V8 settings as `npm start` (BENCH_NODE_FLAGS overrides them to compare others).
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? startCommand.flags;
  const child = spawn(process.execPath, [...flags, serverBundle], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  let next = 1;
  const ready = new Promise<void>((resolve) =>
    waiting.set(0, { resolve: () => resolve(), reject: () => undefined }),
  );
  child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result);
  });
  await ready;
  return {
    child,
    call: (op, args) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.send({ id, op, args });
      }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One GET read to the last byte without decompressing or parsing. */
function get(
  url: string,
  token?: string,
  encoding = 'br, gzip',
): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      'accept-encoding': encoding,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }),
      );
    });
    request.on('error', () => resolve({ ms: performance.now() - started, status: 0, bytes: 0 }));
  });
}

/** `clients` loops reading `paths` round-robin for `seconds`; latencies and non-2xx count. */
async function load(
  base: string,
  token: string,
  paths: string[],
  clients: number,
  seconds: number,
  server?: ServerProcess,
) {
  const cpuBefore = server ? (await server.call<{ cpuMs: number }>('stats')).cpuMs : 0;
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  let turn = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const result = await get(`${base}${paths[turn++ % paths.length]}`, token);
        latencies.push(result.ms);
        bytes = Math.max(bytes, result.bytes);
        if (result.status < 200 || result.status >= 300) errors += 1;
      }
    }),
  );
  const cpuMs = server
    ? ((await server.call<{ cpuMs: number }>('stats')).cpuMs - cpuBefore) / latencies.length
    : 0;
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    requests: latencies.length,
    bytes,
    cpuMs,
  };
}

/**
 * An idle process measuring its own event-loop delay: the machine's scheduling noise, shown beside the server's
 * lag so a loaded machine is not mistaken for a blocked event loop.
 */
function startNoiseProbe(): { stop(): Promise<number> } {
  const code = `const h=require('perf_hooks').monitorEventLoopDelay({resolution:10});h.enable();process.on('message',()=>{process.send(h.percentile(99)/1e6);process.exit(0)});`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (p99) => resolve(Number(p99)));
        child.send('report');
      }),
  };
}

/** 10,000 joins, 64 at a time, with GET /login polled alongside; then the CPU tail and memory. */
async function joins(server: ServerProcess) {
  const { url, token, joinToken } = await server.call<{ url: string; token: string; joinToken: string }>(
    'info',
  );
  const bodies = Array.from(
    { length: HOSTS },
    (_, i) => hostBody(`bench-${i}`, { endpointip: `198.18.${(i >> 8) & 255}.${i & 255}` }).body,
  );
  const doneAt: number[] = [];
  let next = 0;
  let failures = 0;
  let joining = true;
  const logins: number[] = [];
  const poller = (async () => {
    while (joining) {
      logins.push((await get(`${url}/login`)).ms);
      await sleep(100);
    }
  })();
  const noise = startNoiseProbe();
  await server.call('mark');
  const cpuBefore = (await server.call<{ cpuMs: number }>('stats')).cpuMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOIN_CONCURRENCY }, async () => {
      while (next < HOSTS) {
        const body = JSON.stringify(bodies[next++]);
        const response = await fetch(`${url}/api/v1/host/register/${encodeURIComponent(joinToken)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
        doneAt.push(performance.now() - started);
        if (doneAt.length % 1000 === 0)
          console.log(`  ${doneAt.length} joins after ${(doneAt.at(-1)! / 1000).toFixed(1)} s`);
      }
    }),
  );
  joining = false;
  await poller;
  const during = await server.call<{ lagP99: number; lagMax: number; rss: number; cpuMs: number }>('stats');
  const noiseP99 = await noise.stop();
  const last = Math.min(1000, HOSTS);
  const rate = last / ((doneAt[HOSTS - 1]! - (doneAt[HOSTS - last - 1] ?? 0)) / 1000);
  // CPU tail: until a 1 s window uses less than 5% of a core (or 120 s pass).
  const tailStart = performance.now();
  let rssPeak = during.rss;
  let previous = during.cpuMs;
  let busyUntil = 0;
  while (performance.now() - tailStart < 120_000) {
    await sleep(1000);
    const now = await server.call<{ rss: number; cpuMs: number }>('stats');
    rssPeak = Math.max(rssPeak, now.rss);
    if (now.cpuMs - previous < 50) break;
    busyUntil = performance.now() - tailStart;
    previous = now.cpuMs;
  }
  await sleep(2000);
  const idle = await server.call<{
    rss: number;
    heapUsed: number;
    heapTotal: number;
    external: number;
    arrayBuffers: number;
  }>('stats');
  if (process.env.BENCH_HEAP_SNAPSHOT)
    console.log(
      `  heap snapshot: ${await server.call<string>('heapSnapshot', { file: process.env.BENCH_HEAP_SNAPSHOT })}`,
    );
  const cpuPerJoin = (during.cpuMs - cpuBefore) / HOSTS;
  return {
    url,
    token,
    rate,
    failures,
    cpuPerJoin,
    lagP99: during.lagP99,
    lagMax: during.lagMax,
    noiseP99,
    loginP99: percentile(logins, 99),
    cpuTailS: busyUntil / 1000,
    rssPeak,
    rssIdle: idle.rss,
    heapIdle: idle.heapUsed,
    heapTotalIdle: idle.heapTotal,
    externalIdle: idle.external,
    arrayBuffersIdle: idle.arrayBuffers,
  };
}

/** Mixed console reads at 1,000 hosts with 100 clients on a fresh server (SQLite, or PostgreSQL when given). */
async function mixedReads(databaseUrl?: string) {
  const server = await startServer(databaseUrl);
  try {
    const { url, token } = await server.call<{ url: string; token: string }>('info');
    await server.call('seed', { network: 'office', range: '10.65.0.0/16', count: 1000 });
    const paths = [
      '/api/nodes',
      '/api/hosts',
      '/api/networks',
      '/api/nodes/office',
      '/api/v1/enrollment-keys',
      '/api/server/status',
      '/api/networks/office',
      '/api/users',
    ];
    await load(url, token, paths, 10, 2); // warm up
    return await load(url, token, paths, 100, 15, server);
  } finally {
    await server.call('close').catch(() => undefined);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rows: [string, string, string, boolean][] = [];
const row = (figure: string, target: string, measured: string, met: boolean) =>
  rows.push([figure, target, measured, met]);

const loadAtStart = os.loadavg()[0] ?? 0;
const onlyJoins = Boolean(process.env.BENCH_ONLY_JOINS);
const onlyNodes = Boolean(process.env.BENCH_ONLY_NODES);
const main = process.env.BENCH_ONLY_READS ? undefined : await startServer();
if (main)
  try {
    console.log(`  joining ${HOSTS} hosts...`);
    const j = await joins(main);
    row(
      `${HOSTS} joins, ${JOIN_CONCURRENCY} at a time: joins/s over the last 1,000`,
      '>= 200',
      `${j.rate.toFixed(0)}/s (${j.failures} failed; server CPU ${j.cpuPerJoin.toFixed(2)} ms/join = ${(1000 / j.cpuPerJoin).toFixed(0)}/s per core)`,
      j.rate >= 200 && j.failures === 0,
    );
    row(
      'event-loop lag p99 during the joins',
      '<= 50 ms',
      `${j.lagP99.toFixed(1)} ms (max ${j.lagMax.toFixed(0)} ms; an idle process on this machine meanwhile: p99 ${j.noiseP99.toFixed(1)} ms)`,
      j.lagP99 <= 50,
    );
    row('GET /login p99 during the joins', '<= 50 ms', `${j.loginP99.toFixed(1)} ms`, j.loginP99 <= 50);
    row('CPU busy after the last join returns', '<= 5 s', `${j.cpuTailS.toFixed(1)} s`, j.cpuTailS <= 5);
    row(
      `RSS at ${HOSTS} hosts: right after the burst / idle`,
      '<= 300 MB',
      `${mb(j.rssPeak)} / ${mb(j.rssIdle)} (idle: JS heap ${mb(j.heapIdle)} used of ${mb(j.heapTotalIdle)}, external ${mb(j.externalIdle)} incl. array buffers ${mb(j.arrayBuffersIdle)})`,
      Math.max(j.rssPeak, j.rssIdle) <= 300 * 1024 * 1024,
    );
    if (!onlyJoins) {
      await load(j.url, j.token, ['/api/nodes'], 5, 2); // warm up
      const nodes = await load(j.url, j.token, ['/api/nodes'], 50, 15, main);
      row(
        `GET /api/nodes, ${HOSTS} nodes, 50 clients, p99`,
        '<= 100 ms',
        `${nodes.p99.toFixed(1)} ms (p50 ${nodes.p50.toFixed(1)}, ${nodes.requests} req, ${(nodes.bytes / 1024).toFixed(0)} KiB br, ${nodes.errors} errors, server CPU ${nodes.cpuMs.toFixed(2)} ms/req)`,
        nodes.p99 <= 100 && nodes.errors === 0,
      );
    }
    if (!onlyJoins && !onlyNodes) {
      const change = await main.call<{ ms: number; cpuMs: number; messages: number; bytes: number }>(
        'peerChange',
        { size: 5000, runs: 5 },
      );
      row(
        'one host change, 5,000-host mesh: all updates published',
        '<= 100 ms, bytes O(N)',
        `${change.ms.toFixed(1)} ms (CPU ${change.cpuMs.toFixed(0)} ms), ${change.messages} msgs, ${(change.bytes / 1024).toFixed(0)} KiB (${(change.bytes / 5000).toFixed(0)} B/host)`,
        change.ms <= 100,
      );
      // The same mesh shape with routing roles (issue 31): the work per change must stay O(peers).
      const routed = await main.call<
        Record<string, { ms: number; cpuMs: number; messages: number; bytes: number }>
      >('routingChange', { size: 5000, runs: 5 });
      for (const [kind, r] of Object.entries(routed))
        row(
          `one ${kind} host change, 5,000-host mesh with 50 relays x 10, 10 HA egress ranges x 2 gateways, 1 internet gateway x 100 clients`,
          '<= 100 ms, bytes O(N)',
          `${r.ms.toFixed(1)} ms (CPU ${r.cpuMs.toFixed(0)} ms), ${r.messages} msgs, ${(r.bytes / 1024).toFixed(0)} KiB (${(r.bytes / 5000).toFixed(0)} B/host)`,
          r.ms <= 100,
        );
    }
  } finally {
    await main.call('close').catch(() => undefined);
  }
if (!onlyJoins && !onlyNodes) {
  const sqlite = await mixedReads();
  row(
    'mixed console reads, 1,000 hosts, 100 clients (SQLite): p99 / errors',
    '<= 200 ms / 0',
    `${sqlite.p99.toFixed(1)} ms / ${sqlite.errors} (${sqlite.requests} req, server CPU ${sqlite.cpuMs.toFixed(2)} ms/req)`,
    sqlite.p99 <= 200 && sqlite.errors === 0,
  );
}
if (onlyJoins || onlyNodes) {
  // BENCH_ONLY_JOINS, BENCH_ONLY_NODES: the mixed-read rows were not asked for.
} else if (process.env.DATABASE_URL) {
  const pg = await mixedReads(process.env.DATABASE_URL);
  row(
    'mixed console reads, 1,000 hosts, 100 clients (PostgreSQL): p99 / errors',
    '<= 200 ms / 0',
    `${pg.p99.toFixed(1)} ms / ${pg.errors} (${pg.requests} req, server CPU ${pg.cpuMs.toFixed(2)} ms/req)`,
    pg.p99 <= 200 && pg.errors === 0,
  );
} else {
  row('mixed console reads (PostgreSQL)', '<= 200 ms / 0', 'not run (no DATABASE_URL)', false);
}

const load1 = os.loadavg()[0] ?? 0;
console.log(
  `\nControl plane at ${HOSTS} hosts — machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}; load average at start ${loadAtStart.toFixed(1)}, at end ${load1.toFixed(1)} (wall-clock figures stretch with load; the server-CPU figures do not)`,
);
const widths = [0, 1, 2].map((i) =>
  Math.max(...rows.map((r) => String(r[i]).length), ['figure', 'target', 'measured'][i]!.length),
);
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(['figure', 'target', 'measured']) + ' met |');
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|-----|`);
for (const [figure, target, measured, met] of rows)
  console.log(`${line([figure, target, measured])} ${met ? 'yes' : 'NO '} |`);
agent.destroy();
