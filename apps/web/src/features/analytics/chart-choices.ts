import type { MetricPath, MetricsByNode } from '@meshdeck/contracts';

export interface NodeChoice {
  id: string;
  name: string;
  /** Minutes the node's agent had been running at its last report. */
  agentUpMinutes: number;
}

export interface PeerChoice {
  id: string;
  name: string;
  path: MetricPath;
  viaName: string | undefined;
  /** Minutes the pair has been reachable (the contract's `actualuptime`, ns). */
  upMinutes: number;
}

export interface ChartChoices {
  nodes: NodeChoice[];
  /** The chosen node: the one asked for when it reported, else the first by name. */
  node: NodeChoice | undefined;
  /** The chosen node's peers, by name. */
  peers: PeerChoice[];
  /** The chosen pair's peer; undefined for the node as a whole (or a peer it no longer reports). */
  peer: PeerChoice | undefined;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The node and pair pickers' options, from the network's latest metrics, and the choice they show. */
export function chartChoices(
  metrics: MetricsByNode | undefined,
  nodeId: string | undefined,
  peerId: string | undefined,
): ChartChoices {
  const reported = Object.values(metrics?.nodes ?? {});
  // Names from every node's report and from what peers call each other (a relay that reports nothing is named).
  const names = new Map<string, string>();
  for (const node of reported)
    for (const [id, metric] of Object.entries(node.connectivity))
      if (metric.node_name) names.set(id, metric.node_name);
  for (const node of reported) if (node.node_name) names.set(node.node_id, node.node_name);
  const nodes = reported
    .map((node) => ({
      id: node.node_id,
      name: node.node_name || node.node_id,
      agentUpMinutes: Math.floor(node.agent_uptime_s / 60),
    }))
    .sort(byName);
  const node = nodes.find((option) => option.id === nodeId) ?? nodes[0];
  const connectivity = node ? (metrics?.nodes[node.id]?.connectivity ?? {}) : {};
  const peers = Object.entries(connectivity)
    .map(([id, metric]) => ({
      id,
      name: metric.node_name || names.get(id) || id,
      path: metric.path,
      viaName: metric.via === undefined ? undefined : (names.get(metric.via) ?? metric.via),
      upMinutes: Math.floor(metric.actualuptime / 60e9),
    }))
    .sort(byName);
  return { nodes, node, peers, peer: peers.find((option) => option.id === peerId) };
}
