import {
  CONFIG_LAG_AFTER_SECONDS,
  MESH_HEALTH_LIST_MAX,
  type LaggingNode,
  type MeshHealth,
  type MeshNodeCounts,
  type Metric,
  type NetworkHealth,
  type NodeMetrics,
  type NodeStatus,
  type ProblemPair,
} from '@meshdeck/contracts';

/** A node as the health summary needs it: who it is, on which host, and its status by the server's clock. */
export interface HealthMember {
  id: string;
  network: string;
  hostId: string;
  name: string;
  status: NodeStatus;
}

/** What one network's summary is made from. */
export interface NetworkHealthInput {
  network: string;
  members: readonly HealthMember[];
  /** The latest report of each node that reported (any order; reports of nodes gone are ignored). */
  reports: readonly NodeMetrics[];
}

export interface HealthContext {
  nowMs: number;
  /** The peer-update version the server last issued to a host (0: none since the server started). */
  serverVersionOf: (hostId: string) => number;
  /** Since when (epoch ms) a report first showed the node behind, if one did. */
  behindSince: (nodeId: string) => number | undefined;
}

const STATUS_COUNT: Record<NodeStatus, keyof MeshNodeCounts> = {
  online: 'healthy',
  warning: 'unstable',
  error: 'error',
  offline: 'offline',
  unknown: 'unknown',
};

type PairState = 'ok' | 'blocked' | 'relayed' | 'unreachable';
const SEVERITY: Record<PairState, number> = { ok: 0, blocked: 1, relayed: 2, unreachable: 3 };

const stateOf = (metric: Metric): PairState =>
  metric.reason === 'blocked_by_policy'
    ? 'blocked'
    : !metric.connected
      ? 'unreachable'
      : metric.path === 'relayed'
        ? 'relayed'
        : 'ok';

/** Whether a node is behind the server's peer update, and for how many seconds (undefined: not behind). */
export function lagOf(
  member: HealthMember,
  report: NodeMetrics | undefined,
  context: HealthContext,
): LaggingNode | undefined {
  const applied = report?.applied_peer_version;
  const server = context.serverVersionOf(member.hostId);
  const since = context.behindSince(member.id);
  // Version 0: the server has issued nothing since it started, so there is nothing to compare against.
  if (applied === undefined || server === 0 || applied === server || since === undefined) return undefined;
  const behind = Math.max(0, Math.floor((context.nowMs - since) / 1000));
  if (behind < CONFIG_LAG_AFTER_SECONDS) return undefined;
  return {
    network: member.network,
    node_id: member.id,
    node_name: member.name,
    applied_version: applied,
    server_version: server,
    behind_s: behind,
  };
}

/**
 * One network's health: node statuses, each unordered pair classified by its worse measured direction (reports of
 * offline nodes are stale and skipped; a pair toward an offline peer is unreachable because the peer is offline),
 * and nodes lagging behind their peer update. Problem pairs and lagging nodes are returned whole; the caller cuts.
 */
export function networkHealth(
  input: NetworkHealthInput,
  context: HealthContext,
): { health: NetworkHealth; problems: ProblemPair[]; lagging: LaggingNode[] } {
  const members = new Map(input.members.map((member) => [member.id, member]));
  const nodes: MeshNodeCounts = { healthy: 0, unstable: 0, error: 0, offline: 0, unknown: 0 };
  for (const member of input.members) nodes[STATUS_COUNT[member.status]] += 1;
  const reports = new Map(input.reports.map((report) => [report.node_id, report]));
  const pairs = new Map<string, { state: PairState; pair: ProblemPair }>();
  for (const report of input.reports) {
    const from = members.get(report.node_id);
    if (!from || from.status === 'offline') continue;
    for (const [peerId, metric] of Object.entries(report.connectivity)) {
      const to = members.get(peerId);
      if (!to || to.id === from.id) continue; // a remote-access client (metrics-ext) or a node gone
      const state = stateOf(metric);
      const key = from.id < to.id ? `${from.id} ${to.id}` : `${to.id} ${from.id}`;
      const known = pairs.get(key);
      if (known && SEVERITY[known.state] >= SEVERITY[state]) continue;
      const reason =
        state === 'unreachable' && to.status === 'offline' ? ('peer_offline' as const) : metric.reason;
      const via = metric.via === undefined ? undefined : (members.get(metric.via)?.name ?? metric.via);
      pairs.set(key, {
        state,
        pair: {
          network: input.network,
          node_id: from.id,
          node_name: from.name,
          peer_id: to.id,
          peer_name: to.name,
          connected: metric.connected,
          path: metric.path,
          ...(via === undefined ? {} : { via }),
          ...(reason === undefined ? {} : { reason }),
        },
      });
    }
  }
  const counts = { measured: pairs.size, unreachable: 0, relayed: 0, blocked: 0 };
  const problems: ProblemPair[] = [];
  for (const { state, pair } of pairs.values()) {
    if (state === 'ok') continue;
    counts[state] += 1;
    if (state !== 'blocked') problems.push(pair);
  }
  const lagging: LaggingNode[] = [];
  for (const member of input.members) {
    const lag = lagOf(member, reports.get(member.id), context);
    if (lag) lagging.push(lag);
  }
  return {
    health: { network: input.network, nodes, pairs: counts, lagging: lagging.length },
    problems,
    lagging,
  };
}

const byNames = (a: ProblemPair, b: ProblemPair) =>
  a.network.localeCompare(b.network) ||
  a.node_name.localeCompare(b.node_name) ||
  a.peer_name.localeCompare(b.peer_name);

/** The summary of several networks: unreachable pairs before relayed ones, the longest lag first, lists cut. */
export function meshHealth(inputs: readonly NetworkHealthInput[], context: HealthContext): MeshHealth {
  const parts = inputs.map((input) => networkHealth(input, context));
  const problems = parts.flatMap((part) => part.problems);
  problems.sort((a, b) => Number(a.connected) - Number(b.connected) || byNames(a, b));
  const lagging = parts.flatMap((part) => part.lagging).sort((a, b) => b.behind_s - a.behind_s);
  return {
    networks: parts.map((part) => part.health),
    problem_pairs: problems.slice(0, MESH_HEALTH_LIST_MAX),
    lagging_nodes: lagging.slice(0, MESH_HEALTH_LIST_MAX),
  };
}
