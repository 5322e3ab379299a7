import {
  LATENCY_WARN_MS,
  UNKNOWN_LATENCY_MS,
  type MeshHealth,
  metricsReportSchema,
  type ClientMetrics,
  type Metric,
  type MetricsByNode,
  type MetricsMatrix,
  type MetricsMatrixQuery,
  type MetricsReport,
  type NodeMetrics,
} from '@meshdeck/contracts';
import { changesWhatIsDrawn } from './metrics-changes.ts';
import { MetricsMatrixReader } from './metrics-matrix.ts';
import type { MetricsRepository, SeriesPoint, SeriesRow } from './metrics.repository.ts';
import { summarize, type NodeSummary } from './prometheus.ts';
import { meshHealth } from './metrics-health.ts';

export type { NodeMember } from '../nodes/nodes.public.ts';
import type { NodeMember } from '../nodes/nodes.public.ts';

/** Where the metrics module reads nodes (the nodes module's, wired in app.ts). */
export interface NodeMembers {
  find(nodeId: string): Promise<NodeMember | undefined>;
  ofNetwork(network: string): Promise<NodeMember[]>;
  /** The node's agent applied a peer update it had not reported before (sets the node's `lastpeerupdate`). */
  peerUpdateApplied(nodeId: string, at: string): Promise<void>;
  /** Every node of every network (the Prometheus exposition's per-node series). */
  all(): Promise<NodeMember[]>;
}

/**
 * What a report says of the peers that count for the node's status (api-contract §5.4, decision 058): peers that
 * are nodes (not remote-access clients), healthy themselves, and that the node may talk to (not blocked by policy).
 */
export interface ConnectivityFact {
  network: string;
  counted: number;
  unreachable: number;
  /** When the server took the report (epoch ms). */
  at: number;
}

/** Where the facts go (the nodes module's status, wired in app.ts): metrics pushes, nodes never import metrics. */
export type ConnectivitySink = (nodeId: string, fact: ConnectivityFact) => void;

/** Counts the peers of a report that decide its node's status (see ConnectivityFact). */
export function connectivityFact(
  report: MetricsReport,
  members: ReadonlyMap<string, NodeMember>,
  at: number,
): ConnectivityFact {
  let counted = 0;
  let unreachable = 0;
  for (const sample of report.peers) {
    const peer = members.get(sample.peer);
    if (peer?.status !== 'online' || sample.reason === 'blocked_by_policy') continue;
    counted += 1;
    if (!sample.reachable) unreachable += 1;
  }
  return { network: report.network, counted, unreachable, at };
}

/** Retention (issue 41): raw samples a day, 5-minute buckets a week, hourly buckets a month. */
export const RETENTION = {
  rawSeconds: 24 * 3600,
  rollups: new Map([
    [300, 7 * 24 * 3600],
    [3600, 31 * 24 * 3600],
  ]),
} as const;
/** A bucket is rolled up once it ended this long ago, so a report that was late by a little still counts. */
const ROLLUP_GRACE_S = 120;
/** Names of a network's nodes are read again after this long (a rename shows within it). */
const NAMES_TTL_MS = 30_000;
/** An interval longer than this between two reports adds no reachable time (the agent was away). */
const MAX_INTERVAL_MS = 10 * 60_000;

export type IngestOutcome = 'stored' | 'unknown-node' | 'unsealed' | 'malformed';

export interface MetricsServiceDeps {
  repository: MetricsRepository;
  members: NodeMembers;
  /** Opens a payload sealed with the host's traffic key; undefined when it was not sealed with it. */
  openFromHost(hostId: string, payload: Buffer): Promise<string | undefined>;
  /** Receives each stored report's connectivity fact (node status from what agents measure). */
  connectivity?: ConnectivitySink;
  /** A stored report changed what a console draws of the node (a pair's reachability, path or latency band). */
  onDrawnChange?: (network: string, nodeId: string) => void;
  /** The peer-update version the server last issued to a host (0: none since it started). */
  peerVersionOf?: (hostId: string) => number;
  now?: () => number;
}

/** A pair that is unreachable, not direct, or slow: its own history is kept while it lasts (decision 061). */
const isProblem = (m: { connected: boolean; path?: string | undefined; latency: number }) =>
  !m.connected || (m.path !== undefined && m.path !== 'direct') || m.latency >= LATENCY_WARN_MS;

/**
 * What one report adds to the series (decision 061): a point for the node as a whole (checks = its peers, up = those
 * reachable, latency over the answered ones, bytes summed), and a point per pair only while the pair has a problem
 * and at the report that shows it recovered, so storage grows with nodes and problems, not with pairs.
 */
export function seriesPoints(
  report: MetricsReport,
  before: NodeMetrics | undefined,
  at: number,
): SeriesRow[] {
  const whole: SeriesRow = {
    node_id: report.node_id,
    peer_id: '',
    at,
    checks: report.peers.length,
    up: 0,
    latency_sum: 0,
    latency_count: 0,
    latency_max: null,
    rx: 0,
    tx: 0,
  };
  const pairs: SeriesRow[] = [];
  for (const sample of report.peers) {
    const latency = sample.reachable ? sample.latency_ms : undefined;
    whole.up += sample.reachable ? 1 : 0;
    whole.rx += sample.rx_bytes;
    whole.tx += sample.tx_bytes;
    if (latency !== undefined) {
      whole.latency_sum += latency;
      whole.latency_count += 1;
      whole.latency_max = Math.max(whole.latency_max ?? 0, latency);
    }
    const now = { connected: sample.reachable, path: sample.path, latency: latency ?? UNKNOWN_LATENCY_MS };
    const previous = before?.connectivity[sample.peer];
    if (!isProblem(now) && !(previous && isProblem(previous))) continue;
    pairs.push({
      node_id: report.node_id,
      peer_id: sample.peer,
      at,
      checks: 1,
      up: sample.reachable ? 1 : 0,
      latency_sum: latency ?? 0,
      latency_count: latency === undefined ? 0 : 1,
      latency_max: latency ?? null,
      rx: sample.rx_bytes,
      tx: sample.tx_bytes,
    });
  }
  return [whole, ...pairs];
}

/** Accumulates one report into a node's latest metrics: the contract's counts over checks, and the new figures. */
export function accumulate(
  previous: NodeMetrics | undefined,
  report: MetricsReport,
  member: NodeMember,
  nameOf: (nodeId: string) => string,
  nowMs: number,
): NodeMetrics {
  const elapsedMs = previous ? Math.max(0, nowMs - Date.parse(previous.updated_at)) : 0;
  const connectivity: Record<string, Metric> = {};
  for (const sample of report.peers) {
    const before = previous?.connectivity[sample.peer];
    const uptime = (before?.uptime ?? 0) + (sample.reachable ? 1 : 0);
    const totaltime = (before?.totaltime ?? 0) + 1;
    const stillUp = sample.reachable && before?.connected === true && elapsedMs <= MAX_INTERVAL_MS;
    connectivity[sample.peer] = {
      node_name: nameOf(sample.peer),
      uptime,
      totaltime,
      latency:
        sample.reachable && sample.latency_ms !== undefined
          ? Math.round(sample.latency_ms)
          : UNKNOWN_LATENCY_MS,
      totalreceived: sample.rx_bytes,
      lasttotalreceived: before?.totalreceived ?? 0,
      totalsent: sample.tx_bytes,
      lasttotalsent: before?.totalsent ?? 0,
      actualuptime: (before?.actualuptime ?? 0) + (stillUp ? elapsedMs * 1_000_000 : 0),
      percentup: Math.round((10_000 * uptime) / totaltime) / 100,
      connected: sample.reachable,
      path: sample.path,
      ...(sample.via === undefined ? {} : { via: sample.via }),
      ...(sample.reason === undefined ? {} : { reason: sample.reason }),
      ...(sample.endpoint === undefined ? {} : { endpoint: sample.endpoint }),
      ...(sample.handshake_age_s === undefined ? {} : { handshake_age_s: sample.handshake_age_s }),
    };
  }
  return {
    network: member.network,
    node_id: member.id,
    node_name: member.name,
    connectivity,
    updated_at: new Date(nowMs).toISOString(),
    agent_uptime_s: report.agent_uptime_s,
    ...(report.applied_peer_version === undefined
      ? {}
      : { applied_peer_version: report.applied_peer_version }),
  };
}

/** Metrics (api-contract §2.11, §3.13): reports from agents in, the contract's answers and time series out. */
export class MetricsService {
  readonly #members = new Map<string, { at: number; members: Map<string, NodeMember> }>();
  /** Each reporting node's latest report folded for GET /metrics; filled from the database on the first scrape. */
  readonly #summaries = new Map<string, NodeSummary>();
  #summariesLoaded: Promise<void> | undefined;
  /** One report at a time per node, so two close reports never read the same previous counts. */
  readonly #chains = new Map<string, Promise<unknown>>();
  /** Nodes whose last report showed a peer update older than the server's, since that first report (epoch ms). */
  readonly #behindSince = new Map<string, number>();
  readonly #now: () => number;
  readonly #matrix: MetricsMatrixReader;

  constructor(private readonly deps: MetricsServiceDeps) {
    this.#now = deps.now ?? Date.now;
    this.#matrix = new MetricsMatrixReader({
      versions: (network) => deps.repository.versionsOf(network),
      bodies: (nodeIds, each) => deps.repository.eachBody(nodeIds, each),
    });
  }

  /** One window of a network's N x N matrix (the console's metrics page; decision 071). */
  async matrix(network: string, query: MetricsMatrixQuery): Promise<MetricsMatrix> {
    return this.#matrix.window(network, await this.deps.members.ofNetwork(network), query);
  }

  /** One message from `metrics/<server>/<nodeId>`: opened with its host's key, checked, accumulated, stored. */
  ingest(nodeId: string, payload: Buffer): Promise<IngestOutcome> {
    const previous = this.#chains.get(nodeId) ?? Promise.resolve();
    const next = previous.then(
      () => this.ingestNow(nodeId, payload),
      () => this.ingestNow(nodeId, payload),
    );
    this.#chains.set(nodeId, next);
    void next.finally(() => {
      if (this.#chains.get(nodeId) === next) this.#chains.delete(nodeId);
    });
    return next;
  }

  private async ingestNow(nodeId: string, payload: Buffer): Promise<IngestOutcome> {
    const member = await this.deps.members.find(nodeId);
    if (!member) return 'unknown-node';
    const text = await this.deps.openFromHost(member.hostId, payload);
    if (text === undefined) return 'unsealed';
    let parsed: ReturnType<typeof metricsReportSchema.safeParse>;
    try {
      parsed = metricsReportSchema.safeParse(JSON.parse(text));
    } catch {
      return 'malformed';
    }
    // The topic names the node; a report about another node (or network) is not this node's to make.
    if (!parsed.success || parsed.data.node_id !== nodeId || parsed.data.network !== member.network)
      return 'malformed';
    const report = parsed.data;
    const nowMs = this.#now();
    const stored = await this.deps.repository.latest(nodeId);
    const before = stored ? (JSON.parse(stored.body) as NodeMetrics) : undefined;
    const members = await this.membersOf(member.network);
    const metrics = accumulate(before, report, member, (id) => members.get(id)?.name ?? id, nowMs);
    const points = seriesPoints(report, before, Math.floor(nowMs / 1000));
    await this.deps.repository.saveReport(
      {
        node_id: nodeId,
        network: member.network,
        host_id: member.hostId,
        body: JSON.stringify(metrics),
        updated_at: metrics.updated_at,
      },
      points,
    );
    if (changesWhatIsDrawn(before, metrics)) this.deps.onDrawnChange?.(member.network, nodeId);
    const applied = report.applied_peer_version;
    if (applied !== undefined && applied !== before?.applied_peer_version)
      await this.deps.members.peerUpdateApplied(nodeId, metrics.updated_at);
    this.deps.connectivity?.(nodeId, connectivityFact(report, members, nowMs));
    this.#summaries.set(nodeId, summarize(metrics));
    this.#matrix.stored(metrics);
    const server = this.deps.peerVersionOf?.(member.hostId) ?? 0;
    if (applied === undefined || server === 0 || applied === server) this.#behindSince.delete(nodeId);
    else if (!this.#behindSince.has(nodeId)) this.#behindSince.set(nodeId, nowMs);
    return 'stored';
  }

  /** Every reporting node's summary (nodes since deleted included: the caller keeps current ones). */
  async summaries(): Promise<ReadonlyMap<string, NodeSummary>> {
    this.#summariesLoaded ??= this.deps.repository.latestOf(undefined).then(
      (rows) => {
        for (const row of rows)
          if (!this.#summaries.has(row.node_id))
            this.#summaries.set(row.node_id, summarize(JSON.parse(row.body) as NodeMetrics));
      },
      (error: unknown) => {
        this.#summariesLoaded = undefined;
        throw error;
      },
    );
    await this.#summariesLoaded;
    return this.#summaries;
  }

  /** A network's nodes by id, read again after NAMES_TTL_MS (names and statuses may be that old). */
  private async membersOf(network: string): Promise<Map<string, NodeMember>> {
    const cached = this.#members.get(network);
    if (cached && this.#now() - cached.at < NAMES_TTL_MS) return cached.members;
    const members = new Map((await this.deps.members.ofNetwork(network)).map((m) => [m.id, m]));
    this.#members.set(network, { at: this.#now(), members });
    return members;
  }

  /** `{nodes: {nodeId: Metrics}}` of some networks (all when undefined), current nodes only. */
  async byNode(networks: readonly string[] | undefined): Promise<MetricsByNode> {
    const rows = await this.deps.repository.latestOf(networks);
    const nodes: MetricsByNode['nodes'] = {};
    const present = new Map<string, Set<string>>();
    for (const row of rows) {
      let ids = present.get(row.network);
      if (!ids) {
        ids = new Set((await this.deps.members.ofNetwork(row.network)).map((m) => m.id));
        present.set(row.network, ids);
      }
      if (ids.has(row.node_id)) nodes[row.node_id] = JSON.parse(row.body) as NodeMetrics;
    }
    return { nodes };
  }

  /** The health of some networks (the dashboard's summary): node statuses, problem pairs, lagging nodes. */
  async health(networks: readonly string[]): Promise<MeshHealth> {
    const rows = networks.length === 0 ? [] : await this.deps.repository.latestOf(networks);
    const inputs = [];
    for (const network of networks) {
      const members = await this.deps.members.ofNetwork(network);
      const reports = rows
        .filter((row) => row.network === network)
        .map((row) => JSON.parse(row.body) as NodeMetrics);
      inputs.push({ network, members, reports });
    }
    return meshHealth(inputs, {
      nowMs: this.#now(),
      serverVersionOf: (hostId) => this.deps.peerVersionOf?.(hostId) ?? 0,
      behindSince: (nodeId) => this.#behindSince.get(nodeId),
    });
  }

  /** One node's metrics; undefined when the node is not in the network or never reported. */
  async node(network: string, nodeId: string): Promise<NodeMetrics | undefined> {
    const member = await this.deps.members.find(nodeId);
    if (member?.network !== network) return undefined;
    const row = await this.deps.repository.latest(nodeId);
    return row ? (JSON.parse(row.body) as NodeMetrics) : undefined;
  }

  /** `{clientId: Metric}`: what the network's gateways report of peers that are not nodes (remote-access clients). */
  async clients(network: string): Promise<ClientMetrics> {
    const { nodes } = await this.byNode([network]);
    const nodeIds = new Set((await this.deps.members.ofNetwork(network)).map((m) => m.id));
    const clients: ClientMetrics = {};
    for (const metrics of Object.values(nodes))
      for (const [peer, metric] of Object.entries(metrics.connectivity))
        if (!nodeIds.has(peer)) clients[peer] = metric;
    return clients;
  }

  /**
   * A node's time series over [from, to) (epoch seconds): raw reports for up to a day, 5-minute buckets up to a
   * week, hourly beyond, each level for the range it is kept (RETENTION), so the console's hour, day, week and month
   * charts each read the finest level that covers them (a day of reports every 60 s is 1,440 points).
   */
  async series(input: { network: string; nodeId: string; peerId?: string; from: number; to: number }) {
    const member = await this.deps.members.find(input.nodeId);
    if (member?.network !== input.network) return undefined;
    const span = input.to - input.from;
    const resolution = span <= RETENTION.rawSeconds ? 0 : span <= RETENTION.rollups.get(300)! ? 300 : 3600;
    const points: SeriesPoint[] = await this.deps.repository.series({ ...input, resolution });
    return { node_id: input.nodeId, resolution, points };
  }

  /** Rolls finished buckets up (raw -> 5 min -> 1 h) and drops what is past its retention. */
  async maintain(): Promise<void> {
    // Deleted nodes stop reporting; what is remembered of them goes with them.
    for (const nodeId of this.#behindSince.keys())
      if (!(await this.deps.members.find(nodeId))) this.#behindSince.delete(nodeId);
    const now = Math.floor(this.#now() / 1000);
    let source = 0;
    for (const resolution of RETENTION.rollups.keys()) {
      const until =
        Math.floor((now - ROLLUP_GRACE_S - (source === 0 ? 0 : source)) / resolution) * resolution;
      const since = Math.max(await this.deps.repository.rollupMark(resolution), until - RETENTION.rawSeconds);
      await this.deps.repository.rollUp(resolution, source, since, until);
      source = resolution;
    }
    for (const [nodeId, summary] of this.#summaries)
      if (summary.at / 1000 < now - RETENTION.rawSeconds) this.#summaries.delete(nodeId);
    await this.deps.repository.prune(
      now - RETENTION.rawSeconds,
      new Map([...RETENTION.rollups].map(([resolution, keep]) => [resolution, now - keep])),
    );
  }
}
