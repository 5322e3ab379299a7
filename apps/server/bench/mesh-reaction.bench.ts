// Issue 41's reaction rows, beside their targets:
// - "agent: one state change (peer unreachable) -> console edge turns red" (<= 5 s): an agent (its broker account
//   and traffic key, as the real one) publishes a sealed report whose peer turned unreachable; measured from the
//   publish to the "metrics" event on the console's push stream (GET /api/v1/events), and to the console's read
//   after it (GET /api/metrics/{net}/{node}) showing the pair not connected: what the graph and metrics pages do.
//   BENCH_REACTION_ROUNDS (default 20) state changes, each back to reachable first, then a quiet 2.5 s.
// - "failover: direct path between connected hosts cut -> traffic through the failover node" (<= 10 s): runs the
//   failover data-plane test (real agents in network namespaces; needs root, wireguard-go, nft) and reads the times
//   it prints; skipped with the reason when the machine cannot run it (BENCH_REACTION_FAILOVER=0 skips it too).
import { spawnSync } from 'node:child_process';
import { metricsTopic, type MetricsReport } from '@meshdeck/contracts';
import { payloadKey, sealPayload } from '../../../packages/agent/src/payload-open.ts';
import { dataPlaneSkipReason } from '../../../packages/agent/test/netns.ts';
import { connectAgent, registerFleet } from '../test/device-factories.ts';
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { percentile } from './seed.ts';

const ROUNDS = Number(process.env.BENCH_REACTION_ROUNDS ?? 20);
const SERVER = 'meshdeck';
const LIMIT_MS = 30_000;
/**
 * The server announces a network's first metrics change at once and later ones within 2 s together at the window's
 * end (metrics.module.ts ANNOUNCE_WINDOW_MS): each measured change comes this long after the one before, as a single
 * state change of a quiet mesh does; back-to-back changes would measure the window instead.
 */
const QUIET_MS = 2_500;

async function edgeRows(): Promise<string[]> {
  const server = await startTestServer({ EDITION: 'pro' });
  try {
    const token = await createSuperAdminAndLogin(server);
    await createNetwork(server, token, 'bench', { addressrange: '10.73.0.0/24' });
    const fleet = await registerFleet(server, token, ['bench'], ['reaction-a', 'reaction-b']);
    const [a, b] = fleet as [(typeof fleet)[number], (typeof fleet)[number]];
    const agent = await connectAgent(server, a);
    const key = payloadKey(String(a.body.traffickeypublic));
    const nodeId = a.nodes[0]!.id;
    const report = (reachable: boolean): MetricsReport => ({
      node_id: nodeId,
      network: 'bench',
      collected_at: Date.now(),
      agent_uptime_s: 60,
      peers: [
        {
          peer: b.nodes[0]!.id,
          reachable,
          ...(reachable ? { latency_ms: 3 } : { reason: 'no_answer' as const }),
          rx_bytes: 1000,
          tx_bytes: 1000,
          handshake_age_s: 10,
          path: 'direct',
        },
      ],
    });

    // The console's push stream, as a signed-in browser holds it.
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/v1/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (marker: string, from: number) => {
      const deadline = Date.now() + LIMIT_MS;
      while (text.indexOf(marker, from) < 0) {
        if (Date.now() > deadline) throw new Error(`no ${marker} on the stream`);
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        text += decoder.decode(chunk.value);
      }
    };
    await until(': connected', 0);
    const event = `"resource":"metrics","action":"updated","network":"bench"`;
    const connectedNow = async () =>
      (
        (await server.request<any>('GET', `/api/metrics/bench/${nodeId}`, { token })).body?.connectivity?.[
          b.nodes[0]!.id
        ] as { connected: boolean } | undefined
      )?.connected;
    const publish = (reachable: boolean) =>
      agent.client.publishAsync(
        metricsTopic(SERVER, nodeId),
        sealPayload(key, JSON.stringify(report(reachable))),
        {
          qos: 1,
        },
      );

    const toEvent: number[] = [];
    const toRead: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Back to reachable first (a change too), and wait until the server shows it.
      let from = text.length;
      await publish(true);
      await until(event, from);
      for (const deadline = Date.now() + LIMIT_MS; (await connectedNow()) !== true;)
        if (Date.now() > deadline) throw new Error('never reachable again');
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      from = text.length;
      const start = performance.now();
      await publish(false);
      await until(event, from);
      toEvent.push(performance.now() - start);
      for (const deadline = Date.now() + LIMIT_MS; (await connectedNow()) !== false;)
        if (Date.now() > deadline) throw new Error('never shown unreachable');
      toRead.push(performance.now() - start);
    }
    controller.abort();
    await agent.client.endAsync();
    const fmt = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
    return [
      `| agent report (peer unreachable) -> "metrics" event on the console's push stream (${ROUNDS} changes) | ${fmt(toEvent)} | <= 5 s |`,
      `| agent report (peer unreachable) -> console's read after the event shows the edge red | ${fmt(toRead)} | <= 5 s |`,
    ];
  } finally {
    await server.close();
  }
}

function failoverRow(): string {
  const label = 'failover: direct path between connected hosts cut -> traffic through the failover node';
  const why =
    process.env.BENCH_REACTION_FAILOVER === '0' ? 'BENCH_REACTION_FAILOVER=0' : dataPlaneSkipReason();
  if (why !== undefined) return `| ${label} | skipped: ${why} | <= 10 s |`;
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'api',
      'packages/agent/test/failover.api.test.ts',
      '--reporter=default',
    ],
    { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, maxBuffer: 64 * 2 ** 20 },
  );
  const line =
    /asked (\d+) ms, F carries C (\d+) ms, A's pings answered through F (\d+) ms after the cut/.exec(
      run.stdout + run.stderr,
    );
  if (!line) return `| ${label} | the lab run failed (exit ${run.status}): no figure | <= 10 s |`;
  const [, asked, carried, answered] = line.map(Number);
  return `| ${label} | pings answered through F ${(answered! / 1000).toFixed(1)} s after the cut (asked ${(asked! / 1000).toFixed(1)} s, F carries ${(carried! / 1000).toFixed(1)} s) | <= 10 s |`;
}

const rows = await edgeRows();
rows.push(failoverRow());
console.log('\n## mesh reaction (issue 41)');
console.log('| figure | measured | target |');
console.log('|---|---|---|');
for (const row of rows) console.log(row);
process.exit(0);
