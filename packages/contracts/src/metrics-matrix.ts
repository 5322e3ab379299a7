import { z } from 'zod';
import { LATENCY_WARN_MS, UNKNOWN_LATENCY_MS, metricPaths, metricReasons, type Metric } from './metrics.ts';

/**
 * Meshdeck's own paged read of a network's metrics as an N x N matrix (checklist §3.20, issue 41), for the
 * console: `GET /api/console/metrics/{network}/matrix`. A full mesh of 1,000 nodes is about a million pairs
 * (`GET /api/metrics/{network}` answers all of them, some 270 MB of JSON); this answers one window of rows and
 * columns, so what crosses the wire is bounded by the window, not by the square of the network.
 */

/** Rows per page (the checklist's 100) and the most columns a window may hold. */
export const MATRIX_MAX_ROWS = 100;
export const MATRIX_MAX_COLUMNS = 50;

/**
 * A pair worth an administrator's look: unreachable (but not because a policy blocks it, which is not a fault),
 * measured above the spec's 300 ms warning, or carried by a relay or failover node other than by design.
 */
export const isProblemMetric = (metric: Pick<Metric, 'connected' | 'latency' | 'path' | 'reason'>): boolean =>
  (!metric.connected && metric.reason !== 'blocked_by_policy') ||
  (metric.latency !== UNKNOWN_LATENCY_MS && metric.latency > LATENCY_WARN_MS) ||
  (metric.path === 'relayed' && metric.reason !== 'relayed');

const flag = z
  .enum(['true', 'false'], { error: 'problems must be true or false' })
  .transform((value) => value === 'true');
const index = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} must be at most ${max}`);

export const metricsMatrixQuerySchema = z.object({
  /** First row and row count of the window (rows: nodes, by name). */
  row: index('row', 1_000_000).optional(),
  rows: index('rows', MATRIX_MAX_ROWS).optional(),
  /** First column and column count (columns: the peers, by name). */
  col: index('col', 1_000_000).optional(),
  cols: index('cols', MATRIX_MAX_COLUMNS).optional(),
  /** Only rows with a problem pair and peers some row has a problem with. */
  problems: flag.optional(),
  /** Rows whose node name holds this text (case-insensitive). */
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  /** Columns whose peer name holds this text (case-insensitive): the admin picks the peers shown. */
  peer: z.string().max(200, 'peer must be at most 200 characters').optional(),
});
export type MetricsMatrixQuery = z.infer<typeof metricsMatrixQuerySchema>;

/** One cell: what the row's node measured toward the column's peer (the contract's `Metric`, fewer fields). */
export const matrixCellSchema = z.object({
  connected: z.boolean(),
  /** ms; 999 = unknown (the contract's value). */
  latency: z.number(),
  path: z.enum(metricPaths),
  /** The relay or failover node's name, when the pair is relayed. */
  via: z.string().optional(),
  reason: z.enum(metricReasons).optional(),
  totalsent: z.number(),
  totalreceived: z.number(),
  /** Checks that reached the peer, of `totaltime` checks. */
  uptime: z.number(),
  totaltime: z.number(),
  percentup: z.number(),
  /** Nanoseconds the pair has been reachable (the contract's `actualuptime`). */
  actualuptime: z.number(),
  problem: z.boolean(),
});
export type MatrixCell = z.infer<typeof matrixCellSchema>;

export const matrixNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Rows only: when the node last reported (RFC 3339); absent when it never did. */
  updated_at: z.string().optional(),
  /** Rows only, with `problems=true`: its problem pairs over every column that matches. */
  problems: z.number().int().optional(),
});
export type MatrixNode = z.infer<typeof matrixNodeSchema>;

export const metricsMatrixSchema = z.object({
  /** Nodes in the network, and rows and columns matching the filters. */
  nodes: z.number().int(),
  total_rows: z.number().int(),
  total_columns: z.number().int(),
  /** The window's first row and column. */
  row: z.number().int(),
  col: z.number().int(),
  rows: z.array(matrixNodeSchema),
  columns: z.array(matrixNodeSchema),
  /** rows.length arrays of columns.length cells; null where nothing was measured (a node and itself, no report). */
  cells: z.array(z.array(matrixCellSchema.nullable())),
  /** The network's newest report (RFC 3339), absent before any. */
  newest: z.string().optional(),
});
export type MetricsMatrix = z.infer<typeof metricsMatrixSchema>;
