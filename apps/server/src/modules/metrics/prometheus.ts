import { UNKNOWN_LATENCY_MS, type MetricsByNode, type NodeMetrics } from '@meshdeck/contracts';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { NodeMember } from '../nodes/nodes.public.ts';

/** A pair whose latency is above this is a problem pair (spec §4 draws it red). */
export const PROBLEM_LATENCY_MS = 500;
/** Node statuses always listed in `meshdeck_nodes`, so a status with no node reads 0 rather than vanishing. */
const STATUSES = ['online', 'warning', 'error', 'offline', 'unknown'] as const;
/** One scrape's collectors share one read of nodes and metrics made this recently. */
const SNAPSHOT_MS = 1000;

/** One pair as the exposition shows it. */
export interface PairFigure {
  peer: string;
  reachable: boolean;
  /** Milliseconds; undefined when unknown (unreachable, or never measured). */
  latencyMs: number | undefined;
}

/** A node's latest report folded to a few numbers (kept per node in memory, so a scrape reads no pair rows). */
export interface NodeSummary {
  network: string;
  reachable: number;
  unreachable: number;
  /** Mean latency to the reachable peers that had one (ms). */
  latencyMs: number | undefined;
  rxBytes: number;
  txBytes: number;
  /** When the server took the report (epoch ms). */
  at: number;
  /** Pairs that are unreachable or slower than PROBLEM_LATENCY_MS (pairs blocked by policy are not problems). */
  problems: PairFigure[];
  /** The peer-update version the agent last reported applying. */
  appliedVersion: number | undefined;
}

const pairOf = (peer: string, m: NodeMetrics['connectivity'][string]): PairFigure => ({
  peer,
  reachable: m.connected,
  latencyMs: m.connected && m.latency !== UNKNOWN_LATENCY_MS ? m.latency : undefined,
});

/** Folds a node's accumulated metrics into its summary. */
export function summarize(metrics: NodeMetrics): NodeSummary {
  const summary: NodeSummary = {
    network: metrics.network,
    reachable: 0,
    unreachable: 0,
    latencyMs: undefined,
    rxBytes: 0,
    txBytes: 0,
    at: Date.parse(metrics.updated_at),
    problems: [],
    appliedVersion: metrics.applied_peer_version,
  };
  let latencySum = 0;
  let latencies = 0;
  for (const [peer, m] of Object.entries(metrics.connectivity)) {
    summary.rxBytes += m.totalreceived;
    summary.txBytes += m.totalsent;
    if (m.reason === 'blocked_by_policy') continue;
    const pair = pairOf(peer, m);
    if (pair.reachable) summary.reachable += 1;
    else summary.unreachable += 1;
    if (pair.latencyMs !== undefined) {
      latencySum += pair.latencyMs;
      latencies += 1;
    }
    if (!pair.reachable || (pair.latencyMs ?? 0) > PROBLEM_LATENCY_MS) summary.problems.push(pair);
  }
  if (latencies > 0) summary.latencyMs = latencySum / latencies;
  return summary;
}

export interface MeshSources {
  /** Every node with its status now. */
  members: () => Promise<NodeMember[]>;
  /** Each reporting node's summary. */
  summaries: () => Promise<ReadonlyMap<string, NodeSummary>>;
  /** Every node's full latest metrics (read only with `pairs: 'all'`). */
  allMetrics: () => Promise<MetricsByNode>;
  /** The peer-update version the server last sent a host. */
  peerVersion: (hostId: string) => number;
  /** Metrics reports received, by what became of them. */
  reports: ReadonlyMap<string, number>;
  pairs: 'none' | 'problems' | 'all';
  maxPairs: number;
}

interface Snapshot {
  members: NodeMember[];
  summaries: ReadonlyMap<string, NodeSummary>;
  pairs: { network: string; node: string; pair: PairFigure }[];
  omitted: number;
}

/** The pairs that get series: every pair or the problem pairs, at most `maxPairs`, and how many were left out. */
async function pairsOf(s: MeshSources, members: NodeMember[], summaries: ReadonlyMap<string, NodeSummary>) {
  const pairs: Snapshot['pairs'] = [];
  let omitted = 0;
  const add = (network: string, node: string, pair: PairFigure) => {
    if (pairs.length < s.maxPairs) pairs.push({ network, node, pair });
    else omitted += 1;
  };
  if (s.pairs === 'all') {
    const current = new Set(members.map((m) => m.id));
    for (const [node, metrics] of Object.entries((await s.allMetrics()).nodes))
      if (current.has(node))
        for (const [peer, m] of Object.entries(metrics.connectivity))
          if (m.reason !== 'blocked_by_policy') add(metrics.network, node, pairOf(peer, m));
  } else if (s.pairs === 'problems') {
    for (const member of members)
      for (const pair of summaries.get(member.id)?.problems ?? []) add(member.network, member.id, pair);
  }
  return { pairs, omitted };
}

/**
 * The mesh's series on GET /metrics (decision 058). Per network: nodes by status and pairs by state. Per node
 * (labels network, node, name; about 8 series a node, 80,000 at 10,000 nodes): status, peers reachable and
 * unreachable, mean latency, bytes, last report. Per pair only problem pairs by default (METRICS_PAIRS), capped
 * (METRICS_MAX_PAIRS): a full mesh of 10,000 nodes has 50 million pairs, far past what a Prometheus should hold.
 */
export function meshCollectors(registry: Registry, s: MeshSources): void {
  let cached: { at: number; snapshot: Promise<Snapshot> } | undefined;
  const snapshot = (): Promise<Snapshot> => {
    if (cached && Date.now() - cached.at < SNAPSHOT_MS) return cached.snapshot;
    const read = (async () => {
      const [members, summaries] = await Promise.all([s.members(), s.summaries()]);
      return { members, summaries, ...(await pairsOf(s, members, summaries)) };
    })();
    cached = { at: Date.now(), snapshot: read };
    read.catch(() => (cached = undefined));
    return read;
  };
  /** Each reporting current node with its summary. */
  const reporting = (snap: Snapshot) =>
    snap.members.flatMap((m) => {
      const summary = snap.summaries.get(m.id);
      return summary ? [{ labels: { network: m.network, node: m.id, name: m.name }, summary }] : [];
    });
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, s: Snapshot) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const snap = await snapshot();
        this.reset();
        fill(this, snap);
      },
    });
  const counter = (name: string, help: string, fill: (c: Counter, s: Snapshot) => void) =>
    new Counter({
      name,
      help,
      labelNames: ['network', 'node', 'name'],
      registers: [registry],
      async collect() {
        const snap = await snapshot();
        this.reset();
        fill(this, snap);
      },
    });

  gauge('meshdeck_nodes', 'Nodes by network and status.', ['network', 'status'], (g, snap) => {
    const networks = new Set(snap.members.map((m) => m.network));
    for (const network of networks) for (const status of STATUSES) g.set({ network, status }, 0);
    for (const m of snap.members) g.inc({ network: m.network, status: m.status });
  });
  gauge(
    'meshdeck_node_status',
    'Each node status: 1 on the series of its current status (online, warning, error, offline, unknown).',
    ['network', 'node', 'name', 'status'],
    (g, snap) => {
      for (const m of snap.members)
        g.set({ network: m.network, node: m.id, name: m.name, status: m.status }, 1);
    },
  );
  gauge(
    'meshdeck_node_peers',
    'Peers in the node latest report by state (reachable, unreachable); pairs blocked by policy are left out.',
    ['network', 'node', 'name', 'state'],
    (g, snap) => {
      for (const { labels, summary } of reporting(snap)) {
        g.set({ ...labels, state: 'reachable' }, summary.reachable);
        g.set({ ...labels, state: 'unreachable' }, summary.unreachable);
      }
    },
  );
  gauge(
    'meshdeck_node_latency_seconds',
    'Mean latency from the node to its reachable peers, in its latest report.',
    ['network', 'node', 'name'],
    (g, snap) => {
      for (const { labels, summary } of reporting(snap))
        if (summary.latencyMs !== undefined) g.set(labels, summary.latencyMs / 1000);
    },
  );
  counter(
    'meshdeck_node_received_bytes_total',
    'Bytes the node received from all its peers (WireGuard counters).',
    (c, snap) => {
      for (const { labels, summary } of reporting(snap)) c.inc(labels, summary.rxBytes);
    },
  );
  counter(
    'meshdeck_node_sent_bytes_total',
    'Bytes the node sent to all its peers (WireGuard counters).',
    (c, snap) => {
      for (const { labels, summary } of reporting(snap)) c.inc(labels, summary.txBytes);
    },
  );
  gauge(
    'meshdeck_node_last_report_timestamp_seconds',
    'When the server took the node latest metrics report (Unix time).',
    ['network', 'node', 'name'],
    (g, snap) => {
      for (const { labels, summary } of reporting(snap)) g.set(labels, summary.at / 1000);
    },
  );
  gauge(
    'meshdeck_node_peer_updates_behind',
    'Peer-update versions the server sent the node host that its agent has not reported applying (0: config applied).',
    ['network', 'node', 'name'],
    (g, snap) => {
      for (const m of snap.members) {
        const applied = snap.summaries.get(m.id)?.appliedVersion;
        if (applied !== undefined)
          g.set(
            { network: m.network, node: m.id, name: m.name },
            Math.max(0, s.peerVersion(m.hostId) - applied),
          );
      }
    },
  );
  gauge(
    'meshdeck_pairs',
    'Measured pairs by network and state (reachable, unreachable).',
    ['network', 'state'],
    (g, snap) => {
      for (const { labels, summary } of reporting(snap)) {
        g.inc({ network: labels.network, state: 'reachable' }, summary.reachable);
        g.inc({ network: labels.network, state: 'unreachable' }, summary.unreachable);
      }
    },
  );
  gauge(
    'meshdeck_pair_reachable',
    'Whether a node reaches a peer (1) or not (0): problem pairs only unless METRICS_PAIRS=all.',
    ['network', 'node', 'peer'],
    (g, snap) => {
      for (const { network, node, pair } of snap.pairs)
        g.set({ network, node, peer: pair.peer }, pair.reachable ? 1 : 0);
    },
  );
  gauge(
    'meshdeck_pair_latency_seconds',
    'Latency from a node to a peer, where known: problem pairs only unless METRICS_PAIRS=all.',
    ['network', 'node', 'peer'],
    (g, snap) => {
      for (const { network, node, pair } of snap.pairs)
        if (pair.latencyMs !== undefined) g.set({ network, node, peer: pair.peer }, pair.latencyMs / 1000);
    },
  );
  gauge(
    'meshdeck_pair_series_omitted',
    'Pairs left out of the pair series by METRICS_MAX_PAIRS.',
    [],
    (g, snap) => {
      g.set(snap.omitted);
    },
  );
  new Counter({
    name: 'meshdeck_metrics_reports_total',
    help: 'Metrics reports received from agents, by outcome (stored, unknown-node, unsealed, malformed, failed).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of s.reports) this.inc({ outcome }, count);
    },
  });
}
