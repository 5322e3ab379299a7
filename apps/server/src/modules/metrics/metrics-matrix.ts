import {
  isProblemMetric,
  MATRIX_MAX_COLUMNS,
  MATRIX_MAX_ROWS,
  type MatrixCell,
  type MatrixNode,
  type Metric,
  type MetricsMatrix,
  type MetricsMatrixQuery,
  type NodeMetrics,
} from '@meshdeck/contracts';
import type { NodeMember } from '../nodes/nodes.public.ts';

/** What the matrix reads from storage: each node's report time, and the bodies of a few nodes. */
export interface MatrixSource {
  /** node id -> updated_at of every node of the network that has reported. */
  versions(network: string): Promise<Map<string, string>>;
  /** The latest bodies (JSON) of these nodes, handed over one at a time so only one is parsed at once. */
  bodies(nodeIds: readonly string[], each: (nodeId: string, body: string) => void): Promise<void>;
}

/** The peers each node of a network has a problem with, as of its report at `at`. */
type ProblemIndex = Map<string, { at: string; peers: readonly string[] }>;

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

const holds = (text: string | undefined) => {
  const needle = text?.trim().toLowerCase();
  return needle ? (name: string) => name.toLowerCase().includes(needle) : () => true;
};

const cellOf = (metric: Metric, nameOf: (id: string) => string): MatrixCell => ({
  connected: metric.connected,
  latency: metric.latency,
  path: metric.path,
  ...(metric.via === undefined ? {} : { via: nameOf(metric.via) }),
  ...(metric.reason === undefined ? {} : { reason: metric.reason }),
  totalsent: metric.totalsent,
  totalreceived: metric.totalreceived,
  uptime: metric.uptime,
  totaltime: metric.totaltime,
  percentup: metric.percentup,
  actualuptime: metric.actualuptime,
  problem: isProblemMetric(metric),
});

/**
 * The console's N x N metrics matrix, one window at a time (decision 071). Rows and columns are the network's nodes
 * by name (remote-access clients have their own view). A window parses only its rows' bodies, one at a time; the
 * "problems only" filter reads a per-network index of each node's problem peers, brought up to date from report
 * times, so after the first use only the bodies that changed since are parsed again.
 */
export class MetricsMatrixReader {
  readonly #problems = new Map<string, ProblemIndex>();

  constructor(private readonly source: MatrixSource) {}

  /** Told of a report this replica stored, so the index need not read it back. */
  stored(metrics: NodeMetrics): void {
    this.#problems.get(metrics.network)?.set(metrics.node_id, {
      at: metrics.updated_at,
      peers: problemPeers(metrics),
    });
  }

  async window(
    network: string,
    members: readonly NodeMember[],
    query: MetricsMatrixQuery,
  ): Promise<MetricsMatrix> {
    const versions = await this.source.versions(network);
    const nodes = members.map((m) => ({ id: m.id, name: m.name })).sort(byName);
    const names = new Map(nodes.map((node) => [node.id, node.name]));
    const nameOf = (id: string) => names.get(id) ?? id;
    let rows: MatrixNode[] = nodes.filter((node) => holds(query.search)(node.name));
    let columns: MatrixNode[] = nodes.filter((node) => holds(query.peer)(node.name));
    if (query.problems) {
      const index = await this.problemIndex(network, versions);
      const shownPeers = new Set(columns.map((column) => column.id));
      const badPeers = new Set<string>();
      rows = rows.flatMap((row) => {
        const peers = (index.get(row.id)?.peers ?? []).filter((peer) => shownPeers.has(peer));
        for (const peer of peers) badPeers.add(peer);
        return peers.length === 0 ? [] : [{ ...row, problems: peers.length }];
      });
      columns = columns.filter((column) => badPeers.has(column.id));
    }
    const row = Math.min(query.row ?? 0, Math.max(0, rows.length - 1));
    const col = Math.min(query.col ?? 0, Math.max(0, columns.length - 1));
    const pageRows = rows.slice(row, row + (query.rows ?? MATRIX_MAX_ROWS)).map((node) => {
      const at = versions.get(node.id);
      return at === undefined ? node : { ...node, updated_at: at };
    });
    const pageColumns = columns.slice(col, col + (query.cols ?? MATRIX_MAX_COLUMNS));
    const cells = new Map<string, (MatrixCell | null)[]>();
    await this.source.bodies(
      pageRows.filter((node) => node.updated_at !== undefined).map((node) => node.id),
      (nodeId, body) => {
        const { connectivity } = JSON.parse(body) as NodeMetrics;
        cells.set(
          nodeId,
          pageColumns.map((column) => {
            const metric = connectivity[column.id];
            return metric ? cellOf(metric, nameOf) : null;
          }),
        );
      },
    );
    let newest: string | undefined;
    for (const at of versions.values()) if (newest === undefined || at > newest) newest = at;
    return {
      nodes: nodes.length,
      total_rows: rows.length,
      total_columns: columns.length,
      row,
      col,
      rows: pageRows,
      columns: pageColumns.map(({ id, name }) => ({ id, name })),
      cells: pageRows.map((node) => cells.get(node.id) ?? pageColumns.map(() => null)),
      ...(newest === undefined ? {} : { newest }),
    };
  }

  /** The network's index, its entries read again for nodes that reported since (and dropped for nodes gone). */
  private async problemIndex(network: string, versions: Map<string, string>): Promise<ProblemIndex> {
    let index = this.#problems.get(network);
    if (!index) {
      index = new Map();
      this.#problems.set(network, index);
    }
    for (const nodeId of index.keys()) if (!versions.has(nodeId)) index.delete(nodeId);
    const stale = [...versions]
      .filter(([nodeId, at]) => index.get(nodeId)?.at !== at)
      .map(([nodeId]) => nodeId);
    const target = index;
    await this.source.bodies(stale, (nodeId, body) => {
      const metrics = JSON.parse(body) as NodeMetrics;
      target.set(nodeId, { at: versions.get(nodeId) ?? metrics.updated_at, peers: problemPeers(metrics) });
    });
    return index;
  }
}

const problemPeers = (metrics: NodeMetrics): string[] =>
  Object.entries(metrics.connectivity)
    .filter(([, metric]) => isProblemMetric(metric))
    .map(([peer]) => peer);
