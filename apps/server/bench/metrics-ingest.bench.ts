// Issue 41's ingest and storage rows: BENCH_METRICS_AGENTS simulated agents (default 10,000), each an MQTT client
// with its own broker account, joined through the real registration route into networks of
// BENCH_METRICS_NETWORK_SIZE nodes (default 100), report sealed metrics for every peer of their network every 60 s
// (spread evenly over the minute) to a server in its own process (`apps/server/dist/main.mjs`, as `npm start`).
// Each minute it reads the server's CPU (share of one core), RSS, event-loop lag p99 (GET /metrics) and the ingest
// lag: how long a marked report takes to show in GET /api/metrics/{net}/{node}. At the end it reports the database
// bytes per stored sample row and what a node costs per day, and per month for 1,000 nodes, with the roll-ups.
// Env: BENCH_METRICS_MINUTES (default 3; the soak is 10), BENCH_METRICS_AGENTS, BENCH_METRICS_NETWORK_SIZE.
// Runs on SQLite, and again on PostgreSQL when DATABASE_URL is set (npm run bench sets it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import mqtt from 'mqtt';
import pg from 'pg';
import { metricsTopic, type MetricsReport } from '@meshdeck/contracts';
import { payloadKey, sealPayload } from '../../../packages/agent/src/payload-open.ts';
import { ProcessServer } from '../../../packages/agent/test/process-server.ts';
import { createKey, hostBody, registerHost } from '../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { freePort } from '../test/mosquitto.ts';
import { percentile } from './seed.ts';

const AGENTS = Number(process.env.BENCH_METRICS_AGENTS ?? 10_000);
const NETWORK_SIZE = Number(process.env.BENCH_METRICS_NETWORK_SIZE ?? 100);
const MINUTES = Number(process.env.BENCH_METRICS_MINUTES ?? 3);
const INTERVAL_MS = 60_000;
const SERVER_NAME = 'meshdeck';

interface Agent {
  nodeId: string;
  network: string;
  peers: string[];
  key: ReturnType<typeof payloadKey>;
  client?: mqtt.MqttClient;
  rx: number;
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function usage(pid: number): { cpuSeconds: number; rssMiB: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMiB: Math.round(rssKiB / 1024) };
}

/** Runs `work` over `items` with at most `parallel` at once. */
async function pool<T>(items: readonly T[], parallel: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

const report = (agent: Agent, latency: number): MetricsReport => {
  agent.rx += 1500;
  return {
    node_id: agent.nodeId,
    network: agent.network,
    collected_at: Date.now(),
    agent_uptime_s: 3600,
    applied_peer_version: 1,
    peers: agent.peers.map((peer) => ({
      peer,
      reachable: true,
      latency_ms: latency,
      rx_bytes: agent.rx,
      tx_bytes: agent.rx,
      handshake_age_s: 30,
      endpoint: '192.0.2.7:51821',
      path: 'direct' as const,
    })),
  };
};

/** Bytes and rows of the metrics tables: SQLite's dbstat after a checkpoint, or PostgreSQL's relation sizes. */
async function metricsStorage(
  dataDir: string,
): Promise<{ seriesBytes: number; seriesRows: number; latestBytes: number }> {
  const tables = ['metric_series', 'node_metrics'];
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const size = async (table: string) =>
        Number((await client.query(`select pg_total_relation_size('${table}') as n`)).rows[0].n);
      const rows = Number((await client.query('select count(*) as n from metric_series')).rows[0].n);
      return { seriesBytes: await size(tables[0]!), seriesRows: rows, latestBytes: await size(tables[1]!) };
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dataDir, 'meshdeck.db'));
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytesOf = (table: string) =>
      Number(
        (
          db
            .prepare(
              `select coalesce(sum(pgsize), 0) as n from dbstat where name = ? or name in
                 (select name from sqlite_master where type = 'index' and tbl_name = ?)`,
            )
            .get(table, table) as { n: number }
        ).n,
      );
    const rows = (db.prepare('select count(*) as n from metric_series').get() as { n: number }).n;
    return { seriesBytes: bytesOf(tables[0]!), seriesRows: rows, latestBytes: bytesOf(tables[1]!) };
  } finally {
    db.close();
  }
}

async function run(engine: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-metrics-bench-'));
  const server = new ProcessServer(await freePort(), await freePort(), dataDir);
  await server.start();
  const api = server.asTestServer();
  const agents: Agent[] = [];
  try {
    const token = await createSuperAdminAndLogin(api);
    const networks = Math.ceil(AGENTS / NETWORK_SIZE);
    const joinStarted = performance.now();
    let broker = '';
    for (let n = 0; n < networks; n++) {
      const network = `m${n}`;
      await createNetwork(api, token, network, { addressrange: `10.${100 + (n >> 8)}.${n & 255}.0/24` });
      const key = await createKey(api, token, { tags: [`bench-${n}`], networks: [network] });
      const size = Math.min(NETWORK_SIZE, AGENTS - n * NETWORK_SIZE);
      const members: Agent[] = [];
      await pool(
        Array.from({ length: size }, (_, i) => i),
        32,
        async (i) => {
          const host = hostBody(`m${n}-${i}`);
          const body = await registerHost(api, key.token, host);
          broker = body.server_config.Broker;
          const agent: Agent = {
            nodeId: body.nodes[0].id,
            network,
            peers: [],
            key: payloadKey(String(host.body.traffickeypublic)),
            rx: 0,
          };
          members.push(agent);
          (agent as Agent & { login: object }).login = {
            username: body.server_config.MQUserName,
            password: body.server_config.MQPassword,
          };
        },
      );
      for (const agent of members) agent.peers = members.filter((m) => m !== agent).map((m) => m.nodeId);
      agents.push(...members);
    }
    const joinS = (performance.now() - joinStarted) / 1000;
    await pool(agents, 100, async (agent) => {
      agent.client = await mqtt.connectAsync(broker, {
        ...(agent as Agent & { login: mqtt.IClientOptions }).login,
        reconnectPeriod: 0,
        keepalive: 600,
      });
    });
    const pid = server.pid!;
    const publish = (agent: Agent, latency: number) =>
      agent.client!.publishAsync(
        metricsTopic(SERVER_NAME, agent.nodeId),
        sealPayload(agent.key, JSON.stringify(report(agent, latency))),
        { qos: 0 },
      );
    const minutes: { cpuPct: number; rssMiB: number; lagP99Ms: number; ingestMs: number }[] = [];
    const started = Date.now();
    let sent = 0;
    let failed = 0;
    // One tick every 100 ms sends the reports due in it: agent i reports at i/N of each minute.
    const ticker = setInterval(() => {
      const elapsed = Date.now() - started;
      const due = Math.min(AGENTS * MINUTES, Math.floor((elapsed / INTERVAL_MS) * AGENTS));
      for (; sent < due; sent++)
        publish(agents[sent % AGENTS]!, 5 + (sent % 7)).catch(() => {
          failed += 1;
        });
    }, 100);
    const probe = agents[0]!;
    for (let minute = 1; minute <= MINUTES; minute++) {
      const cpu = usage(pid);
      const wallStarted = Date.now();
      while (Date.now() - started < minute * INTERVAL_MS) await new Promise((r) => setTimeout(r, 250));
      const after = usage(pid);
      const cpuPct = ((after.cpuSeconds - cpu.cpuSeconds) / ((Date.now() - wallStarted) / 1000)) * 100;
      const metricsText = await fetch(`${api.url}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.text());
      const lag = /^meshdeck_event_loop_lag_p99_seconds ([\d.e+-]+)$/m.exec(metricsText);
      // Ingest lag: a report with a latency no other carries, then how long until the API shows it.
      const marker = 900 + minute;
      const sentAt = performance.now();
      await publish(probe, marker);
      let ingestMs = Number.NaN;
      while (performance.now() - sentAt < 30_000) {
        const body = (
          await api.request<any>('GET', `/api/metrics/${probe.network}/${probe.nodeId}`, { token })
        ).body;
        const latencies = Object.values(body?.connectivity ?? {}).map((m: any) => m.latency);
        if (latencies.includes(marker)) {
          ingestMs = performance.now() - sentAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      minutes.push({ cpuPct, rssMiB: after.rssMiB, lagP99Ms: lag ? Number(lag[1]) * 1000 : NaN, ingestMs });
    }
    clearInterval(ticker);
    if (!process.env.DATABASE_URL) await server.kill(); // SQLite: read the file once the server is gone
    const storage = await metricsStorage(dataDir);
    const perRow = storage.seriesBytes / Math.max(1, storage.seriesRows);
    const pairsPerNode = NETWORK_SIZE - 1;
    // A healthy node keeps, at steady state, a day of raw points (one a minute), a week of 5-minute and a month of
    // hourly ones; pairs add points only while they have problems. The latest row per node is kept once.
    const rowsPerNode = 1440 + 7 * 288 + 31 * 24;
    const latestPerNode = storage.latestBytes / AGENTS;
    const monthFor1000 = 1000 * (rowsPerNode * perRow + latestPerNode);
    const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
    console.log(`\n## metrics ingest on ${engine}: ${AGENTS} agents in networks of ${NETWORK_SIZE}`);
    console.log(
      `registered and joined in ${fmt(joinS)} s; ${sent} reports sent over ${MINUTES} min (${fmt(sent / (MINUTES * 60))}/s, ${pairsPerNode} pairs each), ${failed} failed`,
    );
    console.log('| minute | server CPU (% of one core) | RSS MiB | event-loop lag p99 ms | ingest lag ms |');
    console.log('|---|---|---|---|---|');
    minutes.forEach((m, i) =>
      console.log(
        `| ${i + 1} | ${fmt(m.cpuPct)} | ${m.rssMiB} | ${fmt(m.lagP99Ms)} | ${fmt(m.ingestMs, 0)} |`,
      ),
    );
    console.log(
      `| storage | ${fmt(perRow, 0)} B per stored point (${storage.seriesRows} points) | latest metrics ${fmt(latestPerNode / 1024)} KiB per node | a node per day raw: ${fmt((1440 * perRow) / 1024)} KiB | a month for 1,000 healthy nodes: ${fmt(monthFor1000 / 2 ** 20)} MiB (target <= 300 MB) |`,
    );
    console.log(
      `ingest lag p50 over the minutes: ${fmt(
        percentile(minutes.map((m) => m.ingestMs).filter(Number.isFinite), 50),
        0,
      )} ms`,
    );
  } finally {
    await Promise.all(
      agents.flatMap((agent) => (agent.client ? [agent.client.endAsync(true).catch(() => undefined)] : [])),
    );
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
await run('SQLite');
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
  await run('PostgreSQL');
}
process.exit(0);
