import {
  isProblemMetric,
  LATENCY_BAD_MS,
  LATENCY_WARN_MS,
  UNKNOWN_LATENCY_MS,
  type ClientMetrics,
  type MetricPath,
  type MetricReason,
  type MetricsByNode,
} from '@meshdeck/contracts';

/** One direction of one pair as the metrics table shows it: what `from` measured toward `to`. */
export interface PairRow {
  id: string;
  fromId: string;
  fromName: string;
  toId: string;
  toName: string;
  connected: boolean;
  /** Milliseconds; undefined when unknown (the contract's 999). */
  latency: number | undefined;
  path: MetricPath;
  viaName: string | undefined;
  reason: MetricReason | undefined;
  sent: number;
  received: number;
  /** Share of checks that reached the peer, 0-100. */
  percentUp: number;
  /** Minutes the pair has been reachable (the contract's `actualuptime`, ns). */
  upMinutes: number;
  checks: number;
}

/** A client as the clients view shows it (`GET /api/metrics-ext/{network}`). */
export interface ClientRow {
  id: string;
  name: string;
  connected: boolean;
  latency: number | undefined;
  percentUp: number;
  sent: number;
  received: number;
}

/** The contract's 999 is "unknown"; any other value is a measurement (1,500 ms is very slow, not unknown). */
const latencyOf = (latency: number) => (latency === UNKNOWN_LATENCY_MS ? undefined : latency);

/** Every measured direction of every pair, named, with the relay's name for relayed pairs. */
export function pairRows(metrics: MetricsByNode): PairRow[] {
  // Names from every node's report and from what peers call each other (a relay that reports nothing is named).
  const names = new Map<string, string>();
  for (const node of Object.values(metrics.nodes))
    for (const [id, metric] of Object.entries(node.connectivity))
      if (metric.node_name) names.set(id, metric.node_name);
  for (const node of Object.values(metrics.nodes))
    if (node.node_name) names.set(node.node_id, node.node_name);
  const rows: PairRow[] = [];
  for (const node of Object.values(metrics.nodes))
    for (const [peer, metric] of Object.entries(node.connectivity))
      rows.push({
        id: `${node.node_id}>${peer}`,
        fromId: node.node_id,
        fromName: node.node_name,
        toId: peer,
        toName: metric.node_name || names.get(peer) || peer,
        connected: metric.connected,
        latency: latencyOf(metric.latency),
        path: metric.path,
        viaName: metric.via === undefined ? undefined : (names.get(metric.via) ?? metric.via),
        reason: metric.reason,
        sent: metric.totalsent,
        received: metric.totalreceived,
        percentUp: metric.percentup,
        upMinutes: Math.floor(metric.actualuptime / 60e9),
        checks: metric.totaltime,
      });
  return rows.sort((a, b) => a.fromName.localeCompare(b.fromName) || a.toName.localeCompare(b.toName));
}

/** When the newest report of the network came in (RFC 3339), undefined before any. */
export function newestReport(metrics: MetricsByNode): string | undefined {
  let newest: string | undefined;
  for (const node of Object.values(metrics.nodes))
    if (newest === undefined || Date.parse(node.updated_at) > Date.parse(newest)) newest = node.updated_at;
  return newest;
}

/** A pair worth an administrator's look (the matrix's rule, contracts' isProblemMetric). */
export const isProblem = (row: PairRow): boolean =>
  isProblemMetric({
    connected: row.connected,
    latency: row.latency ?? UNKNOWN_LATENCY_MS,
    path: row.path,
    reason: row.reason,
  });

/** Spec §4 / §9: above 300 ms is yellow, above 500 red. */
export { LATENCY_BAD_MS, LATENCY_WARN_MS };

export const latencyColour = (latency: number | undefined): 'red' | 'yellow' | 'green' | 'gray' =>
  latency === undefined
    ? 'gray'
    : latency > LATENCY_BAD_MS
      ? 'red'
      : latency > LATENCY_WARN_MS
        ? 'yellow'
        : 'green';

export function clientRows(metrics: ClientMetrics): ClientRow[] {
  return Object.entries(metrics)
    .map(([id, metric]) => ({
      id,
      name: metric.node_name || id,
      connected: metric.connected,
      latency: latencyOf(metric.latency),
      percentUp: metric.percentup,
      sent: metric.totalsent,
      received: metric.totalreceived,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
