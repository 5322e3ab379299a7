import { z } from 'zod';
import { LIMITS, boundedString } from './limits.ts';

/** Peers in one metrics report: a node of a 10,000-host network reports on every peer it has. */
export const MAX_PEERS_PER_REPORT = 20_000;

/**
 * Metrics (api-contract §2.11, §3.13, §6.2). An agent measures each of its peers through the tunnel every interval
 * and publishes one sample per node on `metrics/<server>/<nodeId>`; the server keeps the counts the contract's
 * `Metric` carries (checks made and checks that reached the peer) and serves them per network and node.
 *
 * Meshdeck adds to the contract's fields (a v0.30 client ignores them): the path a pair takes and why it is not
 * direct, and the version of the peer update the agent has applied.
 */

/** The latency the contract uses for "unknown" (a peer that did not answer). */
export const UNKNOWN_LATENCY_MS = 999;
/** Latency shown yellow above this (spec §4), and red above `LATENCY_BAD_MS`; a pair above it is a problem pair. */
export const LATENCY_WARN_MS = 300;
export const LATENCY_BAD_MS = 500;

/** How a pair reaches each other: straight over WireGuard, through a relay or failover node, or not at all. */
export const metricPaths = ['direct', 'relayed', 'none'] as const;
export type MetricPath = (typeof metricPaths)[number];

/**
 * Why a pair is not direct or not reachable, as far as the agent can tell:
 * - `never_handshaken`: WireGuard never completed a handshake with the peer;
 * - `handshake_stale`: there was a handshake, but none for longer than WireGuard's re-handshake time;
 * - `no_answer`: handshakes are fresh but the probe through the tunnel got no answer;
 * - `blocked_by_policy`: access control gives the pair no traffic (not a fault);
 * - `relayed`: this host or the peer is relayed, so the pair goes through the relay by design;
 * - `failover`: the direct path failed and the pair was handed to the network's failover node;
 * - `peer_offline`: the server marks the peer offline (filled in by the server, not the agent).
 */
export const metricReasons = [
  'never_handshaken',
  'handshake_stale',
  'no_answer',
  'blocked_by_policy',
  'relayed',
  'failover',
  'peer_offline',
] as const;
export type MetricReason = (typeof metricReasons)[number];

const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const id = boundedString('id', LIMITS.id).pipe(z.string().min(1));

/** One peer as measured in one interval (agent -> server). */
export const peerSampleSchema = z.object({
  /** The peer's node id, or for a remote-access client on a gateway, the client id. */
  peer: id,
  reachable: z.boolean(),
  /** Round trip through the tunnel in ms; absent when the probe got no answer or was not sent. */
  latency_ms: z.number().min(0).max(60_000).optional(),
  /** WireGuard's byte counters for the peer (since the interface came up). */
  rx_bytes: counter,
  tx_bytes: counter,
  /** Seconds since the last handshake; absent when there never was one. */
  handshake_age_s: counter.optional(),
  /** The endpoint WireGuard uses for the peer now (`ip:port`), when it has one. */
  endpoint: boundedString('endpoint', LIMITS.address).optional(),
  path: z.enum(metricPaths),
  /** The relay (or failover) node carrying the pair, when `path` is `relayed`. */
  via: id.optional(),
  reason: z.enum(metricReasons).optional(),
});
export type PeerSample = z.infer<typeof peerSampleSchema>;

/** What an agent publishes for one of its nodes each interval (and at once when a peer's state changes). */
export const metricsReportSchema = z.object({
  node_id: id,
  network: boundedString('network', LIMITS.id).pipe(z.string().min(1)),
  /** When the agent measured, epoch ms by its clock (kept for the record; the server stamps its own time). */
  collected_at: counter,
  /** Seconds the agent has been running. */
  agent_uptime_s: counter,
  /** The peer-update version the agent has applied (its `peer_sync.version`), when it has one. */
  applied_peer_version: counter.optional(),
  peers: z.array(peerSampleSchema).max(MAX_PEERS_PER_REPORT),
});
export type MetricsReport = z.infer<typeof metricsReportSchema>;

/** The contract's `Metric`: one peer of one node, with counts over the checks the server has seen. */
export const metricSchema = z.object({
  node_name: z.string(),
  /** Checks that reached the peer. */
  uptime: z.number().int(),
  /** Checks made. */
  totaltime: z.number().int(),
  latency: z.number().int(),
  totalreceived: z.number().int(),
  lasttotalreceived: z.number().int(),
  totalsent: z.number().int(),
  lasttotalsent: z.number().int(),
  /** Nanoseconds the peer has been reachable, summed over intervals. */
  actualuptime: z.number().int(),
  percentup: z.number(),
  connected: z.boolean(),
  path: z.enum(metricPaths),
  via: z.string().optional(),
  reason: z.enum(metricReasons).optional(),
  endpoint: z.string().optional(),
  handshake_age_s: z.number().int().optional(),
});
export type Metric = z.infer<typeof metricSchema>;

/** The contract's `Metrics`: one node's connectivity to each peer (keyed by peer node id or client id). */
export const nodeMetricsSchema = z.object({
  network: z.string(),
  node_id: z.string(),
  node_name: z.string(),
  connectivity: z.record(z.string(), metricSchema),
  /** Server time of the last report (RFC 3339). */
  updated_at: z.string(),
  /** Seconds the node's agent had been running at that report. */
  agent_uptime_s: z.number().int(),
  /** The peer-update version the agent last reported applying. */
  applied_peer_version: z.number().int().optional(),
});
export type NodeMetrics = z.infer<typeof nodeMetricsSchema>;

/** `GET /api/metrics[/{network}]`. */
export const metricsByNodeSchema = z.object({ nodes: z.record(z.string(), nodeMetricsSchema) });
export type MetricsByNode = z.infer<typeof metricsByNodeSchema>;

/** `GET /api/metrics-ext/{network}`: each remote-access client's connectivity as its gateway sees it. */
export const clientMetricsSchema = z.record(z.string(), metricSchema);
export type ClientMetrics = z.infer<typeof clientMetricsSchema>;

/** The MQTT topic an agent publishes a node's metrics on (api-contract §6.2). */
export const metricsTopic = (server: string, nodeId: string): string => `metrics/${server}/${nodeId}`;

/** One point of a time series: a node as a whole (`peer_id` '') or one pair, at one report or over one bucket. */
export const metricsSeriesPointSchema = z.object({
  peer_id: z.string(),
  /** Epoch seconds: the report's time, or the bucket's start. */
  at: z.number(),
  /** Checks made (for the node as a whole: peers measured, summed over the bucket's reports). */
  checks: z.number(),
  /** Checks that reached the peer. */
  up: z.number(),
  /** Mean and highest latency (ms) over the answered checks; null when none answered. */
  latency_avg: z.number().nullable(),
  latency_max: z.number().nullable(),
  /** WireGuard's byte counters (since the interface came up; the bucket's highest). */
  rx: z.number(),
  tx: z.number(),
});
export type MetricsSeriesPoint = z.infer<typeof metricsSeriesPointSchema>;

/** `GET /api/v1/metrics/{network}/series?node=&peer=&from=&to=` (Meshdeck's own; the analytics charts). */
export const metricsSeriesSchema = z.object({
  node_id: z.string(),
  /** Seconds per point: 0 for raw reports, else the roll-up's bucket. */
  resolution: z.number().int(),
  points: z.array(metricsSeriesPointSchema),
});
export type MetricsSeries = z.infer<typeof metricsSeriesSchema>;
