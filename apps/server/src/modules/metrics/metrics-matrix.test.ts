import type { Metric, NodeMetrics } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { MetricsMatrixReader, type MatrixSource } from './metrics-matrix.ts';
import type { NodeMember } from '../nodes/nodes.public.ts';

const N = 150;
const id = (i: number) => `node-${String(i).padStart(4, '0')}`;
const members: NodeMember[] = Array.from({ length: N }, (_, i) => ({
  id: id(i),
  network: 'big',
  hostId: `host-${i}`,
  name: `host-${String(N - 1 - i).padStart(4, '0')}`, // names sort the other way round from ids
  status: 'online',
}));
const metric = (fields: Partial<Metric>): Metric => ({
  node_name: '',
  uptime: 10,
  totaltime: 10,
  latency: 12,
  totalreceived: 1000,
  lasttotalreceived: 900,
  totalsent: 2000,
  lasttotalsent: 1800,
  actualuptime: 600e9,
  percentup: 100,
  connected: true,
  path: 'direct',
  ...fields,
});

/** A full mesh of N nodes in memory; node 5 cannot reach node 7 and node 9's pair to 11 is slow. */
function fullMesh(at: string) {
  const bodies = new Map<string, NodeMetrics>();
  for (let i = 0; i < N; i++) {
    const connectivity: Record<string, Metric> = {};
    for (let j = 0; j < N; j++) {
      if (i === j) continue;
      connectivity[id(j)] =
        i === 5 && j === 7
          ? metric({ connected: false, latency: 999, reason: 'no_answer' })
          : i === 9 && j === 11
            ? metric({ latency: 650 })
            : i === 3 && j === 4
              ? metric({ connected: false, latency: 999, path: 'none', reason: 'blocked_by_policy' })
              : metric({});
    }
    bodies.set(id(i), {
      network: 'big',
      node_id: id(i),
      node_name: '',
      connectivity,
      updated_at: at,
      agent_uptime_s: 60,
    });
  }
  const parsed: string[] = [];
  const source: MatrixSource = {
    versions: () => Promise.resolve(new Map([...bodies].map(([key, body]) => [key, body.updated_at]))),
    bodies: (ids, each) => {
      for (const nodeId of ids) {
        const body = bodies.get(nodeId);
        if (!body) continue;
        parsed.push(nodeId);
        each(nodeId, JSON.stringify(body));
      }
      return Promise.resolve();
    },
  };
  return { bodies, parsed, source };
}

describe('metrics matrix window', () => {
  it('when a 150-node mesh is asked for a window, answers that window by name and parses only its rows', async () => {
    const mesh = fullMesh('2026-11-29T10:00:00.000Z');
    const reader = new MetricsMatrixReader(mesh.source);
    const page = await reader.window('big', members, { row: 50, rows: 100, col: 20, cols: 10 });
    expect(page).toMatchObject({ nodes: N, total_rows: N, total_columns: N, row: 50, col: 20 });
    expect(page.rows).toHaveLength(100);
    expect(page.rows[0]!.name).toBe('host-0050');
    expect(page.columns.map((c) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, k) => `host-${String(20 + k).padStart(4, '0')}`),
    );
    expect(page.cells).toHaveLength(100);
    expect(page.cells.every((row) => row.length === 10)).toBe(true);
    expect(mesh.parsed).toHaveLength(100);
    expect(page.newest).toBe('2026-11-29T10:00:00.000Z');
  });

  it('when problems only is asked, keeps the rows and peers of problem pairs (not a pair a policy blocks), and re-reads only reports that changed', async () => {
    const mesh = fullMesh('2026-11-29T10:00:00.000Z');
    const reader = new MetricsMatrixReader(mesh.source);
    const first = await reader.window('big', members, { problems: true });
    expect(first.rows.map((r) => [r.id, r.problems])).toEqual([
      [id(9), 1],
      [id(5), 1],
    ]);
    expect(first.columns.map((c) => c.id)).toEqual([id(11), id(7)]);
    expect(first.cells[1]![1]).toMatchObject({ connected: false, latency: 999, problem: true });
    expect(first.cells[0]![0]).toMatchObject({ latency: 650, problem: true });
    // One node reports again: the next problems read parses its body (and the window's rows), not all 150.
    const node = mesh.bodies.get(id(5))!;
    mesh.bodies.set(id(5), {
      ...node,
      connectivity: { ...node.connectivity, [id(7)]: metric({}) },
      updated_at: '2026-11-29T10:01:00.000Z',
    });
    mesh.parsed.length = 0;
    const second = await reader.window('big', members, { problems: true });
    expect(second.rows.map((r) => r.id)).toEqual([id(9)]);
    expect(mesh.parsed).toEqual([id(5), id(9)]);
  });

  it('when rows and peers are filtered by name, or a window starts past the end, answers what matches', async () => {
    const mesh = fullMesh('2026-11-29T10:00:00.000Z');
    const reader = new MetricsMatrixReader(mesh.source);
    const picked = await reader.window('big', members, { search: 'host-000', peer: 'HOST-0149' });
    expect(picked.rows.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, k) => `host-000${k}`));
    expect(picked.columns.map((c) => c.name)).toEqual(['host-0149']);
    const past = await reader.window('big', members, { row: 5000, rows: 10 });
    expect(past.row).toBe(N - 1);
    expect(past.rows).toHaveLength(1);
    const empty = await reader.window('big', [], {});
    expect(empty).toMatchObject({ nodes: 0, total_rows: 0, rows: [], columns: [], cells: [] });
  });
});
