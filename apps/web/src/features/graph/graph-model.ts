import {
  UNKNOWN_LATENCY_MS,
  type Metric,
  type MetricReason,
  type MetricsByNode,
  type NodeFlag,
  type NodeListItem,
} from '@meshdeck/contracts';
import {
  latencyTone,
  LATENCY_BAD_MS,
  LATENCY_WARN_MS,
  type EdgeTone,
  type NodeColourKey,
} from './graph-colours.ts';
import { placeNodes } from './graph-layout.ts';

/** A remote-access client as the graph needs it (GET /api/extclients/{network}). */
export interface GraphClient {
  id: string;
  name: string;
  gatewayId: string;
  isEnabled: boolean;
}

export type GraphNodeKind = 'host' | 'client' | 'range';

export interface GraphNode {
  id: string;
  label: string;
  kind: GraphNodeKind;
  /** What the node is drawn as: its main role, or its status when that is a problem. */
  colour: NodeColourKey;
  roles: NodeFlag[];
  /** The server's status (hosts), 'enabled' or 'disabled' (clients), '' (ranges). */
  status: string;
  /** The node's host, for the link to its page (hosts only). */
  hostId?: string;
  address?: string;
  x: number;
  y: number;
  size: number;
}

/**
 * - `relay`, `internet`, `gateway`, `egress`: the routes the network is configured with (relay -> relayed node,
 *   internet gateway -> node routing through it, remote-access gateway -> client, egress gateway -> range);
 * - `problem`: a measured pair that is unreachable, slow, or carried by a relay or failover node it was not
 *   configured to use;
 * - `direct`: a healthy measured pair (only when every direct pair is asked for, on a small network).
 */
export type GraphEdgeKind = 'relay' | 'internet' | 'gateway' | 'egress' | 'problem' | 'direct';

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: GraphEdgeKind;
  tone: EdgeTone;
  /** The worse of the two directions' latencies in ms, when measured. */
  latency?: number;
  isConnected?: boolean;
  path?: Metric['path'];
  via?: string;
  reason?: MetricReason;
}

export interface GraphInput {
  nodes: readonly NodeListItem[];
  clients: readonly GraphClient[];
  metrics: MetricsByNode | undefined;
  /** Draw every healthy measured pair too (honoured only up to MAX_DIRECT_NODES nodes). */
  showDirect: boolean;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Problem pairs beyond MAX_PROBLEM_EDGES, not drawn (the worst are kept). */
  hiddenProblems: number;
  /** Whether the healthy pairs are drawn (asked for, and the network is small enough). */
  isDirectShown: boolean;
}

/**
 * Problem edges drawn at most: a network whose every pair broke (10,000 nodes are 50 million pairs) still draws a
 * bounded graph, the worst pairs first, and says how many it left out.
 */
export const MAX_PROBLEM_EDGES = 5_000;
/** Healthy pairs are drawn on request only up to this many hosts (a full mesh of 300 is ~45,000 edges). */
export const MAX_DIRECT_NODES = 300;

/** Severity of a measured pair, worst highest; 0 is healthy, -1 is not to be drawn at all. */
function severity(metric: Metric, isRelayedByDesign: boolean): number {
  if (metric.reason === 'blocked_by_policy') return -1;
  if (!metric.connected) return 5;
  if (metric.latency !== UNKNOWN_LATENCY_MS && metric.latency > LATENCY_BAD_MS) return 4;
  if (metric.path === 'relayed' && !isRelayedByDesign) return 3;
  if (metric.latency !== UNKNOWN_LATENCY_MS && metric.latency > LATENCY_WARN_MS) return 2;
  return 0;
}

const toneOf = (worst: number, metric: Metric): EdgeTone =>
  worst === 5 ? 'red' : worst === 3 ? 'orange' : latencyTone(metric.latency);

interface Pair {
  a: string;
  b: string;
  worst: number;
  metric: Metric;
}

const PRIMARY_ROLES: readonly NodeFlag[] = ['internetGateway', 'relay', 'failover', 'egress', 'ingress'];

function hostColour(node: NodeListItem): NodeColourKey {
  if (node.status === 'offline' || node.status === 'unknown') return 'offline';
  if (node.status === 'error') return 'error';
  if (node.status === 'warning') return 'warning';
  const role = PRIMARY_ROLES.find((flag) => node.flags.includes(flag));
  return (role as NodeColourKey | undefined) ?? 'host';
}

/**
 * The graph of a network (issue 41): hosts coloured by role and status, clients, egress ranges, the routes they
 * are configured with, and the measured pairs that are a problem, never every pair, so the edge count stays near
 * the node count (structure) plus at most MAX_PROBLEM_EDGES. A pair's two directions make one edge, as bad as the
 * worse of them; pairs with an offline host are not drawn (the host's colour says it), nor pairs a policy blocks.
 */
export function buildGraphModel(input: GraphInput): GraphModel {
  const byId = new Map(input.nodes.map((node) => [node.id, node]));
  const nodes: GraphNode[] = input.nodes.map((node) => ({
    id: node.id,
    label: node.name,
    kind: 'host',
    colour: hostColour(node),
    roles: node.flags,
    status: node.status,
    hostId: node.hostId,
    address: node.address || node.address6,
    x: 0,
    y: 0,
    size: 0,
  }));
  const edges: GraphEdge[] = [];
  const parentOf = new Map<string, string>();
  for (const node of input.nodes) {
    if (node.relayedBy && byId.has(node.relayedBy)) {
      edges.push(structural('relay', node.relayedBy, node.id));
      parentOf.set(node.id, node.relayedBy);
    }
    if (node.internetGatewayId && byId.has(node.internetGatewayId)) {
      edges.push(structural('internet', node.internetGatewayId, node.id));
      if (!parentOf.has(node.id)) parentOf.set(node.id, node.internetGatewayId);
    }
  }
  const ranges = new Set<string>();
  for (const node of input.nodes)
    for (const range of node.egressRanges ?? []) {
      const rangeId = `range:${range.network}`;
      if (!ranges.has(rangeId)) {
        ranges.add(rangeId);
        nodes.push(extraNode(rangeId, range.network, 'range', ''));
        parentOf.set(rangeId, node.id);
      }
      edges.push(structural('egress', node.id, rangeId));
    }
  const metricsOf = input.metrics?.nodes ?? {};
  for (const client of input.clients) {
    if (!byId.has(client.gatewayId)) continue;
    const clientId = `client:${client.id}`;
    nodes.push(
      extraNode(clientId, client.name || client.id, 'client', client.isEnabled ? 'enabled' : 'disabled'),
    );
    parentOf.set(clientId, client.gatewayId);
    const metric = metricsOf[client.gatewayId]?.connectivity[client.id];
    edges.push({
      ...structural('gateway', client.gatewayId, clientId),
      ...(metric ? measured(metric, metric.connected ? latencyTone(metric.latency) : 'red') : {}),
    });
  }

  const isDirectShown = input.showDirect && input.nodes.length <= MAX_DIRECT_NODES;
  const pairs = measuredPairs(input, byId, isDirectShown);
  const problems = pairs.filter((pair) => pair.worst > 0).sort((x, y) => y.worst - x.worst);
  for (const pair of problems.slice(0, MAX_PROBLEM_EDGES))
    edges.push(pairEdge('problem', pair, toneOf(pair.worst, pair.metric)));
  if (isDirectShown)
    for (const pair of pairs)
      if (pair.worst === 0) edges.push(pairEdge('direct', pair, latencyTone(pair.metric.latency)));

  placeNodes(nodes, parentOf);
  return { nodes, edges, hiddenProblems: Math.max(0, problems.length - MAX_PROBLEM_EDGES), isDirectShown };
}

/**
 * Each measured pair of two drawn hosts once, with the worse of its two directions; healthy pairs only when they
 * are to be drawn (at 10,000 nodes the map then holds the few problems, not every measured pair).
 */
function measuredPairs(input: GraphInput, byId: Map<string, NodeListItem>, withHealthy: boolean): Pair[] {
  const pairs = new Map<string, Pair>();
  const isOffline = (id: string) => byId.get(id)?.status === 'offline';
  for (const [nodeId, metrics] of Object.entries(input.metrics?.nodes ?? {})) {
    const node = byId.get(nodeId);
    if (!node || isOffline(nodeId)) continue;
    for (const [peerId, metric] of Object.entries(metrics.connectivity)) {
      const peer = byId.get(peerId);
      if (!peer || peerId === nodeId || isOffline(peerId)) continue;
      const isRelayedByDesign =
        metric.path === 'relayed' &&
        (metric.reason === 'relayed' ||
          (metric.via !== undefined && (node.relayedBy === metric.via || peer.relayedBy === metric.via)));
      const worst = severity(metric, isRelayedByDesign);
      if (worst === 0 && !withHealthy) continue;
      const [a, b] = nodeId < peerId ? [nodeId, peerId] : [peerId, nodeId];
      const key = `${a}|${b}`;
      const seen = pairs.get(key);
      if (!seen) pairs.set(key, { a, b, worst, metric });
      // A pair a policy blocks in either direction is not drawn; otherwise the worse direction speaks for it.
      else if (seen.worst !== -1 && (worst === -1 || worst > seen.worst))
        pairs.set(key, { a, b, worst, metric });
    }
  }
  return [...pairs.values()];
}

const structural = (kind: GraphEdgeKind, source: string, target: string): GraphEdge => ({
  id: `${kind}:${source}>${target}`,
  source,
  target,
  kind,
  tone: 'role',
});

const measured = (metric: Metric, tone: EdgeTone): Partial<GraphEdge> => ({
  tone,
  isConnected: metric.connected,
  path: metric.path,
  ...(metric.latency !== UNKNOWN_LATENCY_MS ? { latency: metric.latency } : {}),
  ...(metric.via === undefined ? {} : { via: metric.via }),
  ...(metric.reason === undefined ? {} : { reason: metric.reason }),
});

const pairEdge = (kind: GraphEdgeKind, pair: Pair, tone: EdgeTone): GraphEdge => ({
  id: `${kind}:${pair.a}|${pair.b}`,
  source: pair.a,
  target: pair.b,
  kind,
  ...measured(pair.metric, tone),
  tone,
});

const extraNode = (id: string, label: string, kind: GraphNodeKind, status: string): GraphNode => ({
  id,
  label,
  kind,
  colour: kind === 'range' ? 'range' : status === 'disabled' ? 'offline' : 'client',
  roles: [],
  status,
  x: 0,
  y: 0,
  size: 0,
});
