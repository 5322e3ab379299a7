import { metricsTopic, type MetricsReport } from '@meshdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadKey, sealPayload } from '../../../../../packages/agent/src/payload-open.ts';
import { connectAgent, registerFleet } from '../../../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin, createUserWithRole } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { MetricsRepository } from './metrics.repository.ts';

type Fleet = Awaited<ReturnType<typeof registerFleet>>;

let server: TestServer;
let token: string;
let fleet: Fleet;
let other: Fleet;
let agents: Awaited<ReturnType<typeof connectAgent>>[];
const SERVER = 'meshdeck';

beforeAll(async () => {
  server = await startTestServer({ EDITION: 'pro' });
  token = await createSuperAdminAndLogin(server);
  await createNetwork(server, token, 'neta', { addressrange: '10.71.0.0/24' });
  await createNetwork(server, token, 'netb', { addressrange: '10.72.0.0/24' });
  fleet = await registerFleet(server, token, ['neta'], ['metrics-a', 'metrics-b']);
  other = await registerFleet(server, token, ['netb'], ['metrics-c']);
  agents = await Promise.all([...fleet, ...other].map((host) => connectAgent(server, host)));
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.client.endAsync()));
  await server.close();
});

const call = (path: string, as = token) => server.request<any>('GET', path, { token: as });

const report = (host: Fleet[number], peer: Fleet[number], reachable: boolean): MetricsReport => ({
  node_id: host.nodes[0]!.id,
  network: host.nodes[0]!.network,
  collected_at: Date.now(),
  agent_uptime_s: 120,
  applied_peer_version: 3,
  peers: [
    {
      peer: peer.nodes[0]!.id,
      reachable,
      ...(reachable ? { latency_ms: 4.6 } : {}),
      rx_bytes: 1500,
      tx_bytes: 2500,
      handshake_age_s: 12,
      endpoint: '192.0.2.7:51821',
      path: 'direct',
      ...(reachable ? {} : { reason: 'handshake_stale' as const }),
    },
  ],
});

/** Publishes a report as the host's agent does: sealed with its traffic key, on its node's metrics topic. */
async function publish(index: number, body: MetricsReport, sealWith = index) {
  const sealer = [...fleet, ...other][sealWith]!;
  const sealed = sealPayload(payloadKey(String(sealer.body.traffickeypublic)), JSON.stringify(body));
  await agents[index]!.client.publishAsync(metricsTopic(SERVER, body.node_id), sealed, { qos: 1 });
}

/** Opens the console's event stream as a user; `until` reads until the text holds a marker (or the stream ends). */
async function openStream(userToken: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/v1/events`, {
    headers: { authorization: `Bearer ${userToken}` },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const until = async (marker: string) => {
    while (!text.includes(marker)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    return text;
  };
  await until(': connected');
  return { until, close: () => controller.abort() };
}

/** Waits (a limit, not a speed check) until the node's metrics satisfy `done`. */
async function metricsOf(network: string, nodeId: string, done: (m: any) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await call(`/api/metrics/${network}/${nodeId}`);
    if (answer.status === 200 && done(answer.body)) return answer.body;
    if (Date.now() > deadline) throw new Error(`metrics of ${nodeId}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('metrics reports from agents', () => {
  it('GET /api/metrics/{network}/{node} -> after two reports, shows the contract Metric with counts over both checks', async () => {
    const [a, b] = fleet as [Fleet[number], Fleet[number]];
    await publish(0, report(a, b, true));
    await metricsOf('neta', a.nodes[0]!.id, (m) => m.connectivity[b.nodes[0]!.id]?.totaltime === 1);
    await publish(0, report(a, b, false));
    const metrics = await metricsOf(
      'neta',
      a.nodes[0]!.id,
      (m) => m.connectivity[b.nodes[0]!.id]?.totaltime === 2,
    );
    expect(metrics).toMatchObject({
      network: 'neta',
      node_id: a.nodes[0]!.id,
      node_name: 'metrics-a',
      agent_uptime_s: 120,
      applied_peer_version: 3,
    });
    // The applied peer-update version sets the node's lastpeerupdate.
    const nodes = (await call('/api/nodes/neta')).body as { id: string; lastpeerupdate: number }[];
    const lastPeerUpdate = nodes.find((n) => n.id === a.nodes[0]!.id)!.lastpeerupdate;
    expect(Math.abs(lastPeerUpdate * 1000 - Date.parse(metrics.updated_at))).toBeLessThan(120_000);
    expect(metrics.connectivity[b.nodes[0]!.id]).toMatchObject({
      node_name: 'metrics-b',
      uptime: 1,
      totaltime: 2,
      percentup: 50,
      latency: 999,
      connected: false,
      totalreceived: 1500,
      lasttotalreceived: 1500,
      path: 'direct',
      reason: 'handshake_stale',
    });
  });

  it('GET /api/metrics/{network} -> lists the network nodes that reported, and no other network', async () => {
    const [a, b] = fleet as [Fleet[number], Fleet[number]];
    const [c] = other as [Fleet[number]];
    await publish(2, report(c, c, true));
    await metricsOf('netb', c.nodes[0]!.id, () => true);
    const neta = await call('/api/metrics/neta');
    expect(neta.status).toBe(200);
    expect(Object.keys(neta.body.nodes)).toEqual([a.nodes[0]!.id]);
    const all = await call('/api/metrics');
    expect(Object.keys(all.body.nodes).sort()).toEqual([a.nodes[0]!.id, c.nodes[0]!.id].sort());
    expect((await call('/api/metrics-ext/neta')).body).toEqual({});
    expect((await call(`/api/metrics/neta/${b.nodes[0]!.id}`)).status).toBe(404);
  });

  it('a report sealed with another host key, or naming another node, is not stored', async () => {
    const [, b] = fleet as [Fleet[number], Fleet[number]];
    const [c] = other as [Fleet[number]];
    // b's topic, sealed with a's key: not b's word.
    await publish(1, report(b, c, true), 0);
    // b's topic and key, but the body speaks for a node of another network.
    await publish(1, { ...report(b, c, true), network: 'netb' });
    // Then a genuine report: once it is stored, the two before it were handled (one report at a time per node).
    await publish(1, report(b, fleet[0]!, true));
    const metrics = await metricsOf('neta', b.nodes[0]!.id, () => true);
    expect(Object.keys(metrics.connectivity)).toEqual([fleet[0]!.nodes[0]!.id]);
    expect(metrics.connectivity[fleet[0]!.nodes[0]!.id].totaltime).toBe(1);
  });

  it('GET /api/metrics* -> a user without a role in the network gets 404, and only visible networks in the list', async () => {
    const plain = await createUserWithRole(server, 'metrics-plain', 'platform-user');
    const netuser = await createUserWithRole(server, 'metrics-netuser', 'platform-user', [
      'neta-network-user-grp',
    ]);
    expect((await call('/api/metrics/netb', plain)).status).toBe(404);
    expect((await call('/api/metrics-ext/netb', netuser)).status).toBe(404);
    expect((await call(`/api/metrics/netb/${other[0]!.nodes[0]!.id}`, netuser)).status).toBe(404);
    expect((await call('/api/metrics', plain)).body).toEqual({ nodes: {} });
    const seen = await call('/api/metrics', netuser);
    expect(Object.keys(seen.body.nodes)).toEqual([fleet[0]!.nodes[0]!.id, fleet[1]!.nodes[0]!.id].sort());
  });

  it('GET /api/v1/events -> when a report changes what a pair shows, a "metrics" event reaches consoles that may read that network, and no other', async () => {
    const onA = await openStream(
      await createUserWithRole(server, 'metrics-live-a', 'platform-user', ['neta-network-user-grp']),
    );
    const onB = await openStream(
      await createUserWithRole(server, 'metrics-live-b', 'platform-user', ['netb-network-user-grp']),
    );
    const c = other[0]!;
    // A peer never reported before changes what the graph draws, whatever earlier tests sent.
    const body = report(c, fleet[0]!, false);
    body.peers[0]!.peer = `live-peer-${Date.now()}`;
    await publish(2, body);
    const event = `"resource":"metrics","action":"updated","network":"netb","ids":["${c.nodes[0]!.id}"]`;
    expect(await onB.until(event)).toContain(event);
    // Node b of neta, so the series test below still reads node a's samples alone.
    const b = report(fleet[1]!, fleet[0]!, true);
    b.peers[0]!.peer = `live-peer-b-${Date.now()}`;
    await publish(1, b);
    expect(await onA.until('"network":"neta"')).not.toContain('"network":"netb"');
    onA.close();
    onB.close();
  });

  it('GET /api/v1/metrics-health -> counts each visible network nodes and problem pairs, and nothing of another network', async () => {
    const a = fleet[0]!;
    // a's last report (the first test) measured b unreachable, b's measured a reachable: the pair is unreachable.
    const health = await call('/api/v1/metrics-health');
    expect(health.status).toBe(200);
    const neta = health.body.networks.find((n: any) => n.network === 'neta');
    expect(Object.values(neta.nodes).reduce((sum: number, n: any) => sum + n, 0)).toBe(2);
    expect(neta.pairs).toEqual({ measured: 1, unreachable: 1, relayed: 0, blocked: 0 });
    expect(health.body.problem_pairs).toEqual([
      expect.objectContaining({
        network: 'neta',
        node_id: a.nodes[0]!.id,
        peer_name: 'metrics-b',
        connected: false,
      }),
    ]);
    const netuser = await createUserWithRole(server, 'health-netuser', 'platform-user', [
      'neta-network-user-grp',
    ]);
    const seen = await call('/api/v1/metrics-health', netuser);
    expect(seen.body.networks.map((n: any) => n.network)).toEqual(['neta']);
    expect(JSON.stringify(seen.body)).not.toContain('metrics-c');
    const plain = await createUserWithRole(server, 'health-plain', 'platform-user');
    expect((await call('/api/v1/metrics-health', plain)).body).toEqual({
      networks: [],
      problem_pairs: [],
      lagging_nodes: [],
    });
  });

  it('GET /api/console/metrics/{network}/matrix -> answers one window of rows and columns by name, problems only on request, 400 naming a bad field, 404 for a network the caller cannot see', async () => {
    const [a, b] = fleet as [Fleet[number], Fleet[number]];
    const idA = a.nodes[0]!.id;
    const idB = b.nodes[0]!.id;
    // a's last report measured b unreachable (the first test); b's last report names no node of neta.
    const whole = await call('/api/console/metrics/neta/matrix');
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ nodes: 2, total_rows: 2, total_columns: 2, row: 0, col: 0 });
    expect(whole.body.rows.map((r: any) => r.name)).toEqual(['metrics-a', 'metrics-b']);
    expect(whole.body.columns).toEqual([
      { id: idA, name: 'metrics-a' },
      { id: idB, name: 'metrics-b' },
    ]);
    expect(whole.body.cells[0][0]).toBeNull();
    expect(whole.body.cells[0][1]).toMatchObject({ connected: false, latency: 999, problem: true });
    expect(whole.body.cells[1]).toEqual([null, null]);
    expect(whole.body.newest).toEqual(expect.any(String));
    // The second column alone, and the second row alone.
    const window = await call('/api/console/metrics/neta/matrix?row=1&rows=1&col=1&cols=1');
    expect(window.body.rows.map((r: any) => r.id)).toEqual([idB]);
    expect(window.body.columns.map((c: any) => c.id)).toEqual([idB]);
    expect(window.body.cells).toEqual([[null]]);
    // Problems only: the one row with a problem pair, and the one peer it has it with.
    const problems = await call('/api/console/metrics/neta/matrix?problems=true');
    expect(problems.body).toMatchObject({ total_rows: 1, total_columns: 1 });
    expect(problems.body.rows).toEqual([expect.objectContaining({ id: idA, problems: 1 })]);
    expect(problems.body.columns.map((c: any) => c.id)).toEqual([idB]);
    // The admin picks the peers shown by name.
    const picked = await call('/api/console/metrics/neta/matrix?peer=rics-a');
    expect(picked.body.columns.map((c: any) => c.id)).toEqual([idA]);
    const bad = await call('/api/console/metrics/neta/matrix?rows=500');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/rows/);
    const netuser = await createUserWithRole(server, 'matrix-netuser', 'platform-user', [
      'neta-network-user-grp',
    ]);
    expect((await call('/api/console/metrics/neta/matrix', netuser)).status).toBe(200);
    const hidden = await call('/api/console/metrics/netb/matrix', netuser);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('metrics-c');
  });

  it('GET /api/v1/metrics/{network}/series -> returns the node as a whole, and a pair only while it had a problem', async () => {
    const a = fleet[0]!;
    const b = fleet[1]!;
    const now = Math.floor(Date.now() / 1000);
    const range = `node=${a.nodes[0]!.id}&from=${now - 600}&to=${now + 60}`;
    const series = await call(`/api/v1/metrics/neta/series?${range}`);
    expect(series.status).toBe(200);
    expect(series.body.resolution).toBe(0);
    // a reported b reachable, then not: the node's last point has 1 check, 0 up (two reports in one second are one).
    expect(series.body.points.at(-1)).toMatchObject({ peer_id: '', checks: 1, up: 0 });
    // The pair's own history holds only the report where it was unreachable (the healthy one costs nothing).
    const pair = await call(`/api/v1/metrics/neta/series?${range}&peer=${b.nodes[0]!.id}`);
    expect(pair.body.points.map((p: any) => [p.peer_id, p.up])).toEqual([[b.nodes[0]!.id, 0]]);
    const bad = await call(`/api/v1/metrics/neta/series?node=${a.nodes[0]!.id}&from=x&to=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/from/);
  });

  it('GET /api/v1/metrics/{network}/series -> when the console asks for an hour, a day, a week or a month, answers raw reports up to a day, then 5-minute and hourly buckets', async () => {
    const node = fleet[0]!.nodes[0]!.id;
    const now = Math.floor(Date.now() / 1000);
    const resolution = async (seconds: number) =>
      (await call(`/api/v1/metrics/neta/series?node=${node}&from=${now - seconds}&to=${now}`)).body
        .resolution;
    // The day chart shows today's reports as they come (raw reports are kept a day).
    expect(await resolution(3600)).toBe(0);
    expect(await resolution(24 * 3600)).toBe(0);
    expect(await resolution(7 * 24 * 3600)).toBe(300);
    expect(await resolution(30 * 24 * 3600)).toBe(3600);
  });

  it('GET /api/v1/metrics/{network}/series -> when the node is in another network, answers 404 naming node (its network is found from the node)', async () => {
    const nodeOfB = other[0]!.nodes[0]!.id;
    const now = Math.floor(Date.now() / 1000);
    const answer = await call(`/api/v1/metrics/neta/series?node=${nodeOfB}&from=${now - 60}&to=${now}`);
    expect(answer.status).toBe(404);
    expect(answer.body.Message).toMatch(/^node:/);
    // A network admin of neta alone may not read B's node by naming it with B's network either.
    const adminA = await createUserWithRole(server, 'series-neta-admin', 'platform-user', [
      'neta-network-admin-grp',
    ]);
    const asAdminA = await call(
      `/api/v1/metrics/netb/series?node=${nodeOfB}&from=${now - 60}&to=${now}`,
      adminA,
    );
    expect([403, 404]).toContain(asAdminA.status);
    expect(JSON.stringify(asAdminA.body)).not.toContain('metrics-c');
  });

  it('roll-ups -> raw samples become 5-minute then hourly buckets with their counts, and pruning keeps the recent', async () => {
    const repository = new MetricsRepository(server.app.meshdeck.database.db);
    const hour = 3600 * 1000; // an hour boundary far in the past, away from the reports above
    const row = (at: number, connected: number, latency: number | null, rx: number) => ({
      node_id: 'rollup-node',
      peer_id: 'rollup-peer',
      at,
      checks: 1,
      up: connected,
      latency_sum: latency ?? 0,
      latency_count: latency === null ? 0 : 1,
      latency_max: latency,
      rx,
      tx: rx * 2,
    });
    const body = { node_id: 'rollup-node', network: 'neta', host_id: 'h', body: '{}', updated_at: '' };
    await repository.saveReport(body, [
      row(hour, 1, 2, 100),
      row(hour + 60, 0, null, 150),
      row(hour + 310, 1, 6, 400),
    ]);
    await repository.rollUp(300, 0, hour, hour + 600);
    expect(await repository.rollupMark(300)).toBe(hour + 600);
    const fine = await repository.series({
      nodeId: 'rollup-node',
      peerId: 'rollup-peer',
      resolution: 300,
      from: hour,
      to: hour + 600,
    });
    expect(fine).toEqual([
      {
        peer_id: 'rollup-peer',
        at: hour,
        checks: 2,
        up: 1,
        latency_avg: 2,
        latency_max: 2,
        rx: 150,
        tx: 300,
      },
      {
        peer_id: 'rollup-peer',
        at: hour + 300,
        checks: 1,
        up: 1,
        latency_avg: 6,
        latency_max: 6,
        rx: 400,
        tx: 800,
      },
    ]);
    await repository.rollUp(3600, 300, hour, hour + 3600);
    const coarse = await repository.series({
      nodeId: 'rollup-node',
      peerId: 'rollup-peer',
      resolution: 3600,
      from: 0,
      to: hour * 2,
    });
    expect(coarse).toEqual([
      {
        peer_id: 'rollup-peer',
        at: hour,
        checks: 3,
        up: 2,
        latency_avg: 4,
        latency_max: 6,
        rx: 400,
        tx: 800,
      },
    ]);
    // Nothing new in a later range: the mark stays where it is (an idle server writes nothing).
    await repository.rollUp(300, 0, hour + 600, hour + 900);
    expect(await repository.rollupMark(300)).toBe(hour + 600);
    await repository.prune(hour + 300, new Map([[300, hour + 300]]));
    const pair = { nodeId: 'rollup-node', peerId: 'rollup-peer' };
    const left = await repository.series({ ...pair, resolution: 0, from: 0, to: hour * 2 });
    expect(left.map((p) => p.at)).toEqual([hour + 310]);
    expect((await repository.series({ ...pair, resolution: 300, from: 0, to: hour * 2 })).length).toBe(1);
  });
});
