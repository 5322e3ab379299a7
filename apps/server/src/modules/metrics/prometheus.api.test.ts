import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { metricsTopic, type ChangeEvent, type MetricsReport } from '@meshdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadKey, sealPayload } from '../../../../../packages/agent/src/payload-open.ts';
import { connectAgent, registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

type Fleet = Awaited<ReturnType<typeof registerFleet>>;

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let server: TestServer;
let token: string;
let fleet: Fleet;
let agents: Awaited<ReturnType<typeof connectAgent>>[];
const events: ChangeEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN });
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'neta', { addressrange: '10.73.0.0/24' });
  fleet = await registerFleet(server, token, ['neta'], ['prom-a', 'prom-b', 'prom-c']);
  agents = await Promise.all(fleet.map((host) => connectAgent(server, host)));
  server.app.meshdeck.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.client.endAsync()));
  await server.close();
});

const idOf = (index: number) => fleet[index]!.nodes[0]!.id;

/** Publishes node `index`'s report on its peers as its agent does: sealed with its host's key, on its topic. */
async function publish(index: number, peers: [number, number | undefined][]) {
  const body: MetricsReport = {
    node_id: idOf(index),
    network: 'neta',
    collected_at: Date.now(),
    agent_uptime_s: 60,
    applied_peer_version: 1,
    peers: peers.map(([peer, latency]) => ({
      peer: idOf(peer),
      reachable: latency !== undefined,
      ...(latency === undefined ? { reason: 'handshake_stale' as const } : { latency_ms: latency }),
      rx_bytes: 1000 * (index + 1),
      tx_bytes: 2000,
      path: 'direct',
    })),
  };
  const sealed = sealPayload(payloadKey(String(fleet[index]!.body.traffickeypublic)), JSON.stringify(body));
  await agents[index]!.client.publishAsync(metricsTopic('meshdeck', body.node_id), sealed, { qos: 1 });
}

/** Waits (a limit, not a speed check) until node `index` shows `status` in the network's node list. */
async function statusBecomes(index: number, status: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const nodes = (await server.request<any[]>('GET', '/api/nodes/neta', { token })).body;
    const node = nodes.find((n) => n.id === idOf(index));
    if (node?.status === status) return;
    if (Date.now() > deadline) throw new Error(`status of node ${index}: ${String(node?.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs promtool (Debian's prometheus package) and returns its exit status and output. */
function promtool(args: string[], input?: string) {
  const run = spawnSync('promtool', args, { input, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const scrape = (bearer?: string) =>
  server.request<string>('GET', '/metrics', bearer ? { token: bearer } : {});

describe('node status from what agents measure (decision 058)', () => {
  it('metrics report -> when every healthy peer is unreachable, the node turns error with a node-status event, and back online when one is reachable', async () => {
    await publish(1, [
      [0, 3],
      [2, 4],
    ]);
    await publish(2, [
      [0, 700],
      [1, 5],
    ]);
    await publish(0, [
      [1, undefined],
      [2, undefined],
    ]);
    await statusBecomes(0, 'error');
    expect(events).toContainEqual(
      expect.objectContaining({ resource: 'node-status', network: 'neta', ids: [idOf(0)] }),
    );
    const eventsOfA = () => events.filter((e) => e.resource === 'node-status' && e.ids?.includes(idOf(0)));
    const before = eventsOfA().length;
    await publish(0, [
      [1, 3],
      [2, undefined],
    ]);
    await statusBecomes(0, 'online');
    expect(eventsOfA().length).toBeGreaterThan(before);
  });
});

describe('GET /metrics (Prometheus)', () => {
  it('GET /metrics -> without a bearer, or with a wrong one, returns 401; for a platform user who is not admin, 403', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('not-the-metrics-token-at-all')).status).toBe(401);
    const user = await createUserWithRole(server, 'prom-user', 'platform-user');
    expect((await scrape(user)).status).toBe(403);
  });

  it('GET /metrics -> with METRICS_TOKEN, passes promtool check metrics and carries nodes, problem pairs only, ingest and HTTP series', async () => {
    await publish(0, [
      [1, undefined],
      [2, undefined],
    ]);
    await statusBecomes(0, 'error');
    const response = await scrape(METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const body = response.body;
    const check = promtool(['check', 'metrics'], body);
    expect(check.output).toBe('');
    expect(check.status).toBe(0);
    const [a, b, c] = [idOf(0), idOf(1), idOf(2)];
    expect(body).toContain(`meshdeck_node_status{network="neta",node="${a}",name="prom-a",status="error"} 1`);
    expect(body).toContain(
      `meshdeck_node_status{network="neta",node="${b}",name="prom-b",status="online"} 1`,
    );
    expect(body).toContain('meshdeck_nodes{network="neta",status="error"} 1');
    expect(body).toContain('meshdeck_nodes{network="neta",status="online"} 2');
    expect(body).toContain(
      `meshdeck_node_peers{network="neta",node="${a}",name="prom-a",state="unreachable"} 2`,
    );
    expect(body).toContain(
      `meshdeck_node_received_bytes_total{network="neta",node="${b}",name="prom-b"} 4000`,
    );
    expect(body).toContain(`meshdeck_node_latency_seconds{network="neta",node="${b}",name="prom-b"} 0.0035`);
    // Problem pairs (unreachable, or slower than 500 ms) have series; healthy pairs do not.
    expect(body).toContain(`meshdeck_pair_reachable{network="neta",node="${a}",peer="${b}"} 0`);
    expect(body).toContain(`meshdeck_pair_latency_seconds{network="neta",node="${c}",peer="${a}"} 0.7`);
    expect(body).not.toContain(`node="${b}",peer="${c}"`);
    expect(body).toContain('meshdeck_pair_series_omitted 0');
    expect(body).toMatch(/^meshdeck_metrics_reports_total\{outcome="stored"\} [4-9]$/m);
    expect(body).toMatch(
      /^meshdeck_http_request_duration_seconds_count\{[^}]*route="\/api\/nodes\/:network"/m,
    );
    expect(body).toMatch(/^meshdeck_event_loop_lag_p99_seconds [0-9.e-]+$/m);
    expect(body).toMatch(/^meshdeck_peer_queue_depth \d+$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+$/m);
    // Every series the shipped Grafana dashboard and alert rules query is one this server exposes.
    const shipped = ['deploy/grafana/meshdeck-dashboard.json', 'deploy/prometheus/meshdeck-rules.yml'].map(
      (file) => readFileSync(path.join(repoRoot, file), 'utf8'),
    );
    const names = new Set(shipped.join('\n').match(/\b(?:meshdeck|process|nodejs)_[a-z0-9_]+/g));
    expect(names.size).toBeGreaterThan(15);
    const exposed = new Set(body.split('\n').map((line) => /^[a-z_0-9]+/.exec(line)?.[0]));
    expect([...names].filter((name) => !exposed.has(name))).toEqual([]);
    // An admin's own token reads it too.
    expect((await scrape(token)).status).toBe(200);
  });
});

describe('deploy/prometheus examples', () => {
  it('deploy/prometheus/prometheus.yml -> passes promtool check config (syntax: the token file is the operator own)', () => {
    const file = path.join(repoRoot, 'deploy/prometheus/prometheus.yml');
    const check = promtool(['check', 'config', '--syntax-only', file]);
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
  });

  it('deploy/prometheus/meshdeck-rules.yml -> passes promtool check rules', () => {
    const check = promtool(['check', 'rules', path.join(repoRoot, 'deploy/prometheus/meshdeck-rules.yml')]);
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
  });
});
