import { z } from 'zod';
import { metricPaths, metricReasons } from './metrics.ts';

/**
 * `GET /api/v1/metrics-health` (Meshdeck's own; issue 41): the state of every mesh the caller can see, in one small
 * answer the dashboard reads instead of every node's metrics: node statuses, pairs that cannot reach each other or
 * go through a relay, and nodes whose agent has not applied the server's latest peer update.
 */

/** Longest list of problem pairs or lagging nodes one answer carries (the counts are always whole). */
export const MESH_HEALTH_LIST_MAX = 50;
/** A node counts as lagging once it has been behind the server's peer update for this long (agents report each minute). */
export const CONFIG_LAG_AFTER_SECONDS = 120;

const count = z.number().int().min(0);

/** Node statuses as the console names them (spec §4): online -> healthy, warning -> unstable. */
export const meshNodeCountsSchema = z.object({
  healthy: count,
  unstable: count,
  error: count,
  offline: count,
  unknown: count,
});
export type MeshNodeCounts = z.infer<typeof meshNodeCountsSchema>;

/** One network's figures. Pairs are unordered: a pair is unreachable or relayed when either end measured so. */
export const networkHealthSchema = z.object({
  network: z.string(),
  nodes: meshNodeCountsSchema,
  pairs: z.object({
    /** Pairs at least one end has measured. */
    measured: count,
    unreachable: count,
    relayed: count,
    /** Pairs access control keeps apart (not a fault). */
    blocked: count,
  }),
  /** Nodes behind the server's peer update for longer than CONFIG_LAG_AFTER_SECONDS. */
  lagging: count,
});
export type NetworkHealth = z.infer<typeof networkHealthSchema>;

/** A pair with a problem, as its worse direction shows it. */
export const problemPairSchema = z.object({
  network: z.string(),
  node_id: z.string(),
  node_name: z.string(),
  peer_id: z.string(),
  peer_name: z.string(),
  connected: z.boolean(),
  path: z.enum(metricPaths),
  /** The relay's node name (or id) when the pair is relayed. */
  via: z.string().optional(),
  reason: z.enum(metricReasons).optional(),
});
export type ProblemPair = z.infer<typeof problemPairSchema>;

/** A node whose agent runs a peer update older than the server's. */
export const laggingNodeSchema = z.object({
  network: z.string(),
  node_id: z.string(),
  node_name: z.string(),
  applied_version: z.number().int(),
  server_version: z.number().int(),
  /** Seconds it has been behind, at least (since the first report that showed it behind). */
  behind_s: count,
});
export type LaggingNode = z.infer<typeof laggingNodeSchema>;

export const meshHealthSchema = z.object({
  networks: z.array(networkHealthSchema),
  /** Unreachable pairs first, then relayed ones; at most MESH_HEALTH_LIST_MAX. */
  problem_pairs: z.array(problemPairSchema),
  /** Longest behind first; at most MESH_HEALTH_LIST_MAX. */
  lagging_nodes: z.array(laggingNodeSchema),
});
export type MeshHealth = z.infer<typeof meshHealthSchema>;
