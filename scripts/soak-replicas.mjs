/**
 * Soak run of two replicas (issue 42, decision 063; not part of `npm test`): the replica lab (PostgreSQL,
 * Mosquitto, two server processes, haproxy round-robin) with N simulated agents (MQTT sessions on their own broker
 * accounts, check-ins over HTTP, sealed metrics reports) and M console sessions on the push stream reading a list
 * through the proxy, for T minutes, while an administrator changes DNS entries and hosts. Prints errors, console
 * read latencies (p50/p99), what the agents received, and each replica's memory over time.
 *
 *   npm run soak:replicas                                   # 1,000 agents, 20 consoles, 10 minutes
 *   SOAK_AGENTS=200 SOAK_CONSOLES=10 SOAK_MINUTES=3 npm run soak:replicas
 *
 * Agents check in every SOAK_CHECK_IN_SECONDS (30) and report metrics every SOAK_METRICS_SECONDS (60), spread
 * evenly; consoles read every SOAK_READ_SECONDS (2) and after each event.
 */
import './check-node.mjs';
import fs from 'node:fs';
import { metricsTopic } from '@meshdeck/contracts';
import mqtt from 'mqtt';
import { openPayload, payloadKey, sealPayload } from '../packages/agent/src/payload-open.ts';
import { createKey, hostBody, registerHost } from '../apps/server/test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../apps/server/test/factories.ts';
import { startReplicaLab } from '../apps/server/test/replica-lab.ts';

const number = (name, fallback) => Number(process.env[name] ?? fallback);
const AGENTS = number('SOAK_AGENTS', 1000);
const CONSOLES = number('SOAK_CONSOLES', 20);
const MINUTES = number('SOAK_MINUTES', 10);
const CHECK_IN_S = number('SOAK_CHECK_IN_SECONDS', 30);
const METRICS_S = number('SOAK_METRICS_SECONDS', 60);
const READ_S = number('SOAK_READ_SECONDS', 2);
const PER_NETWORK = number('SOAK_HOSTS_PER_NETWORK', 50);
const SAMPLE_MS = 30_000;

const errors = new Map();
const fail = (kind) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
/**
 * A failed answer's kind: the status, and for a 5xx who said it. The proxy's own page is HTML (no replica was
 * available to it); a replica answers JSON with its message.
 */
const answerKind = (response) => {
  if (response.status < 500) return String(response.status);
  const body = response.body;
  if (typeof body === 'string') return `${response.status} from the proxy`;
  return `${response.status} from a replica: ${String(body?.Message ?? body?.message ?? '').slice(0, 80)}`;
};
const readMs = [];
const counts = { checkIns: 0, reports: 0, peerUpdates: 0, hostUpdates: 0, events: 0, writes: 0 };
/** RSS of each replica at each sample. */
const memory = [];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const rssOf = (pid) => {
  if (pid === undefined) return 'down';
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? `${Math.round(Number(match[1]) / 1024)} MB` : '?';
};
/** An address in network n's range (10.100.0.0/24, 10.100.1.0/24, ...): custom DNS entries must be in it. */
const networkAddress = (n, host) => `10.${100 + Math.floor(n / 250)}.${n % 250}.${host}`;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each agent: its broker account from its pull, its own topics, every message opened with its traffic key. */
async function startAgents(lab, agents) {
  for (const agent of agents) {
    const pull = await lab.request('GET', '/api/v1/host', { token: agent.token });
    if (pull.status !== 200) throw new Error(`pull failed: ${pull.status}`);
    const { MQUserName, MQPassword } = pull.body.server_config;
    const key = payloadKey(agent.trafficKey);
    const client = await mqtt.connectAsync(lab.mosquitto.url(), {
      username: MQUserName,
      password: MQPassword,
      reconnectPeriod: 1000,
      connectTimeout: 30_000,
    });
    client.on('error', () => fail('mqtt error'));
    client.on('message', (topic, payload) => {
      try {
        openPayload(key, payload);
        if (topic.startsWith('peers/')) counts.peerUpdates += 1;
        else counts.hostUpdates += 1;
      } catch {
        fail('message not opened');
      }
    });
    await client.subscribeAsync([`peers/host/${agent.id}/meshdeck`, `host/update/${agent.id}/meshdeck`]);
    agent.client = client;
  }
}

/** Checks in every SOAK_CHECK_IN_SECONDS and reports metrics every SOAK_METRICS_SECONDS until `until`. */
async function agentLoop(lab, agent, until, offsetMs) {
  await pause(offsetMs);
  let nextReport = Date.now();
  while (Date.now() < until) {
    const response = await lab
      .request('PUT', `/api/v1/fallback/host/${agent.id}`, {
        token: agent.token,
        body: { Action: 'CHECK_IN', Host: { version: 'v0.30.1' } },
      })
      .catch(() => ({ status: 0 }));
    if (response.status === 200) counts.checkIns += 1;
    else fail(`check-in ${answerKind(response)}`);
    if (Date.now() >= nextReport) {
      nextReport = Date.now() + METRICS_S * 1000;
      const report = {
        node_id: agent.nodeId,
        network: agent.network,
        collected_at: Date.now(),
        agent_uptime_s: 60,
        peers: [
          {
            peer: agent.peerNode,
            reachable: true,
            latency_ms: 2,
            rx_bytes: 100,
            tx_bytes: 100,
            path: 'direct',
          },
        ],
      };
      const sealed = sealPayload(payloadKey(agent.trafficKey), JSON.stringify(report));
      await agent.client
        .publishAsync(metricsTopic('meshdeck', agent.nodeId), sealed, { qos: 1 })
        .then(() => (counts.reports += 1))
        .catch(() => fail('metrics publish'));
    }
    await pause(CHECK_IN_S * 1000);
  }
}

/** A console: the push stream, and a list read every SOAK_READ_SECONDS and after each event. */
async function consoleLoop(lab, token, network, until) {
  const read = async () => {
    const started = performance.now();
    const response = await lab
      .request('GET', `/api/nodes/${network}`, { token })
      .catch(() => ({ status: 0 }));
    readMs.push(performance.now() - started);
    if (response.status !== 200) fail(`console read ${answerKind(response)}`);
  };
  const controller = new AbortController();
  const stream = fetch(`${lab.url}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
    .then(async (response) => {
      if (response.status !== 200 || !response.body) return fail(`event stream ${response.status}`);
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        const text = decoder.decode(chunk);
        const events = text.split('\n').filter((line) => line.startsWith('data:')).length;
        counts.events += events;
        if (events > 0) void read();
      }
    })
    .catch((error) => {
      if (!controller.signal.aborted) fail(`event stream ${String(error).slice(0, 40)}`);
    });
  while (Date.now() < until) {
    await read();
    await pause(READ_S * 1000);
  }
  controller.abort();
  await stream;
}

/** An administrator adding a DNS entry every 5 s (events for consoles, DNS updates for agents). */
async function writerLoop(lab, token, networks, until) {
  let i = 0;
  while (Date.now() < until) {
    const n = i % networks.length;
    const network = networks[n];
    const name = `soak${i}.${network}`;
    const created = await lab
      .request('POST', `/api/dns/${network}`, { token, body: { name, address: networkAddress(n, 250) } })
      .catch(() => ({ status: 0 }));
    if (created.status === 200) counts.writes += 1;
    else fail(`write ${answerKind(created)}`);
    i += 1;
    await pause(5000);
  }
}

async function main() {
  console.log(`soak: ${AGENTS} agents, ${CONSOLES} consoles, ${MINUTES} min, two replicas`);
  const lab = await startReplicaLab({
    env: { LOG_LEVEL: 'error', AGENT_CHECK_IN_SECONDS: String(CHECK_IN_S) },
  });
  try {
    const server = lab.asTestServer();
    const token = await createSuperAdminAndLogin(server);
    const networks = Array.from({ length: Math.ceil(AGENTS / PER_NETWORK) }, (_, n) => `soak${n}`);
    for (const [n, network] of networks.entries())
      await createNetwork(server, token, network, {
        addressrange: `${networkAddress(n, 0)}/24`,
      });
    const agents = [];
    for (const [n, network] of networks.entries()) {
      const key = await createKey(server, token, { tags: [`soak-${n}`], networks: [network] });
      const first = agents.length;
      for (let i = 0; i < PER_NETWORK && agents.length < AGENTS; i += 1) {
        const host = hostBody(`agent-${agents.length}`);
        const registered = await registerHost(server, key.token, host);
        agents.push({
          id: host.id,
          token: registered.auth_token,
          nodeId: registered.nodes[0].id,
          network,
          trafficKey: String(host.body.traffickeypublic),
          peerNode: '',
        });
      }
      const mine = agents.slice(first);
      for (const [i, agent] of mine.entries()) agent.peerNode = mine[(i + 1) % mine.length].nodeId;
    }
    console.log(`soak: ${agents.length} hosts registered in ${networks.length} networks`);
    await lab.allowHosts();
    await startAgents(lab, agents);
    console.log('soak: agents connected; running');

    const started = Date.now();
    const until = started + MINUTES * 60_000;
    const sample = () =>
      memory.push({
        minute: ((Date.now() - started) / 60_000).toFixed(1),
        rss: lab.replicas.map((replica) => rssOf(replica.isRunning ? replica.pid : undefined)),
      });
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    const spread = (CHECK_IN_S * 1000) / Math.max(1, agents.length);
    await Promise.all([
      ...agents.map((agent, i) => agentLoop(lab, agent, until, i * spread)),
      ...Array.from({ length: CONSOLES }, (_, i) =>
        consoleLoop(lab, token, networks[i % networks.length], until),
      ),
      writerLoop(lab, token, networks, until),
    ]);
    clearInterval(sampler);
    sample();
    await Promise.all(agents.map((agent) => agent.client?.endAsync(true)));

    console.log('\n| measure | value |\n| --- | --- |');
    const rows = [
      ['agents / consoles / minutes', `${AGENTS} / ${CONSOLES} / ${MINUTES}`],
      ['check-ins ok', String(counts.checkIns)],
      ['metrics reports sent', String(counts.reports)],
      ['admin writes ok', String(counts.writes)],
      ['peer updates / host updates received by agents', `${counts.peerUpdates} / ${counts.hostUpdates}`],
      ['push-stream events received by consoles', String(counts.events)],
      ['console reads', String(readMs.length)],
      [
        'console read p50 / p99 / max (ms)',
        [50, 99, 100].map((p) => percentile(readMs, p).toFixed(0)).join(' / '),
      ],
      ['errors', errors.size === 0 ? '0' : JSON.stringify(Object.fromEntries(errors))],
    ];
    for (const [measure, value] of rows) console.log(`| ${measure} | ${value} |`);
    console.log('\n| minute | replica 0 RSS | replica 1 RSS |\n| --- | --- | --- |');
    for (const m of memory) console.log(`| ${m.minute} | ${m.rss.join(' | ')} |`);
    process.exitCode = errors.size === 0 ? 0 : 1;
  } finally {
    await lab.stop();
  }
}

await main();
