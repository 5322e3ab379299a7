import Graph from 'graphology';
import { describe, expect, it } from 'vitest';
import { EDGE_COLOURS } from './graph-colours.ts';
import type { GraphModel } from './graph-model.ts';
import { syncGraph, type SigmaEdge, type SigmaNode } from './graph-sync.ts';

const node = (id: string) => ({
  id,
  label: id,
  kind: 'host' as const,
  colour: 'host' as const,
  roles: [],
  status: 'online',
  x: 1,
  y: 2,
  size: 5,
});
const model = (tone: 'red' | 'yellow', withC: boolean): GraphModel => ({
  nodes: [node('a'), node('b'), ...(withC ? [node('c')] : [])],
  edges: [
    { id: 'problem:a|b', source: 'a', target: 'b', kind: 'problem', tone },
    ...(withC ? [{ id: 'problem:a|c', source: 'a', target: 'c', kind: 'problem' as const, tone }] : []),
  ],
  hiddenProblems: 0,
  isDirectShown: false,
});

describe('syncGraph', () => {
  it('-> when new metrics turn an edge red and a node goes, recolours that edge in the same graph and drops the rest', () => {
    const graph = new Graph<SigmaNode, SigmaEdge>({ multi: true, type: 'directed' });
    syncGraph(graph, model('yellow', true));
    expect(graph.order).toBe(3);
    expect(graph.getEdgeAttribute('problem:a|b', 'color')).toBe(EDGE_COLOURS.yellow);
    syncGraph(graph, model('red', false));
    expect(graph.order).toBe(2);
    expect(graph.size).toBe(1);
    expect(graph.getEdgeAttributes('problem:a|b')).toMatchObject({ color: EDGE_COLOURS.red, type: 'line' });
  });
});
