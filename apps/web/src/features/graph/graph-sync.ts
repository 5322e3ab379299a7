import type Graph from 'graphology';
import { EDGE_COLOURS, NODE_COLOURS, type NodeColourKey } from './graph-colours.ts';
import type { GraphEdge, GraphEdgeKind, GraphModel } from './graph-model.ts';

/** What sigma reads of a node (x, y, size, color, label) and what the page reads back on a click. */
export interface SigmaNode {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  kind: string;
}

export interface SigmaEdge {
  size: number;
  color: string;
  type: 'line' | 'arrow';
  kind: GraphEdgeKind;
}

/** The role a route edge is drawn in: the colour of the node type that makes the route. */
const ROUTE_COLOUR: Record<GraphEdgeKind, NodeColourKey> = {
  relay: 'relay',
  internet: 'internetGateway',
  gateway: 'ingress',
  egress: 'range',
  problem: 'error',
  direct: 'host',
};

function edgeAttributes(edge: GraphEdge): SigmaEdge {
  const isPair = edge.kind === 'problem' || edge.kind === 'direct';
  return {
    size: edge.kind === 'problem' ? 2 : 1,
    color: edge.tone === 'role' ? NODE_COLOURS[ROUTE_COLOUR[edge.kind]] : EDGE_COLOURS[edge.tone],
    // Routes point from the node that carries the traffic; a measured pair has no direction.
    type: isPair ? 'line' : 'arrow',
    kind: edge.kind,
  };
}

/**
 * Brings a graphology graph to the model in place: attributes of what stayed are replaced, what went is dropped,
 * what came is added. Sigma follows the graph's events, so new metrics recolour edges on the open page without
 * a new renderer, a new layout of what it drew, or a moved camera.
 */
export function syncGraph(graph: Graph<SigmaNode, SigmaEdge>, model: GraphModel): void {
  const nodeIds = new Set<string>();
  for (const node of model.nodes) {
    nodeIds.add(node.id);
    const attributes: SigmaNode = {
      x: node.x,
      y: node.y,
      size: node.size,
      color: NODE_COLOURS[node.colour],
      label: node.label,
      kind: node.kind,
    };
    if (graph.hasNode(node.id)) graph.replaceNodeAttributes(node.id, attributes);
    else graph.addNode(node.id, attributes);
  }
  for (const id of graph.filterNodes((id) => !nodeIds.has(id))) graph.dropNode(id);
  const edgeIds = new Set<string>();
  for (const edge of model.edges) {
    edgeIds.add(edge.id);
    const attributes = edgeAttributes(edge);
    if (graph.hasEdge(edge.id)) graph.replaceEdgeAttributes(edge.id, attributes);
    else graph.addDirectedEdgeWithKey(edge.id, edge.source, edge.target, attributes);
  }
  for (const id of graph.filterEdges((id) => !edgeIds.has(id))) graph.dropEdge(id);
}
