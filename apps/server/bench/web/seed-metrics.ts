import type { Metric, NodeMetrics } from '@meshdeck/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Writes each node's latest metrics straight into `node_metrics`, as the metrics module stores them after reports
 * (decision 054): node i measured `peersOf(i)`; one pair in `problemEvery` is unreachable, one other is slow. Bodies
 * are built and written 20 at a time (a body of a 1,000-node full mesh is ~270 KB).
 */
export async function seedMetrics(
  db: Kysely<Database>,
  network: string,
  peersOf: (index: number, count: number) => Iterable<number>,
  problemEvery = 97,
): Promise<{ nodes: number; pairs: number; bytes: number }> {
  const nodes = await db
    .selectFrom('nodes')
    .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
    .select(['nodes.id as id', 'nodes.host_id as host_id', 'hosts.name as name'])
    .where('nodes.network', '=', network)
    .orderBy('hosts.name')
    .execute();
  const at = new Date().toISOString();
  let pairs = 0;
  let bytes = 0;
  let batch: { node_id: string; network: string; host_id: string; body: string; updated_at: string }[] = [];
  const flush = async () => {
    if (batch.length > 0) await db.insertInto('node_metrics').values(batch).execute();
    batch = [];
  };
  for (const [i, node] of nodes.entries()) {
    const connectivity: Record<string, Metric> = {};
    for (const j of peersOf(i, nodes.length)) {
      const peer = nodes[j];
      if (!peer || j === i) continue;
      const k = i * nodes.length + j;
      const isDown = k % problemEvery === 0;
      const isSlow = k % problemEvery === 1;
      connectivity[peer.id] = {
        node_name: peer.name,
        uptime: isDown ? 50 : 60,
        totaltime: 60,
        latency: isDown ? 999 : isSlow ? 420 : 3 + (k % 40),
        totalreceived: 1_000_000 + k * 37,
        lasttotalreceived: 990_000 + k * 37,
        totalsent: 2_000_000 + k * 53,
        lasttotalsent: 1_980_000 + k * 53,
        actualuptime: 3_600e9,
        percentup: isDown ? 83.33 : 100,
        connected: !isDown,
        path: isDown ? 'none' : 'direct',
        ...(isDown ? { reason: 'handshake_stale' as const } : {}),
      };
      pairs += 1;
    }
    const body: NodeMetrics = {
      network,
      node_id: node.id,
      node_name: node.name,
      connectivity,
      updated_at: at,
      agent_uptime_s: 3600,
    };
    const text = JSON.stringify(body);
    bytes += text.length;
    batch.push({ node_id: node.id, network, host_id: node.host_id, body: text, updated_at: at });
    if (batch.length >= 20) await flush();
  }
  await flush();
  return { nodes: nodes.length, pairs, bytes };
}
