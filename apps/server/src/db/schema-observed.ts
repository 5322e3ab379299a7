import type { ColumnType } from 'kysely';

/** The tables of node metrics and alerts (what the server observes of its meshes); `Database` in schema.ts. */

/** A node's latest metrics: the contract's `Metrics` as JSON, with the server's counts (migration 020). */
export interface NodeMetricsTable {
  node_id: string;
  network: string;
  host_id: string;
  body: string;
  updated_at: string;
}

/** Node and peer ids as the small integers metric_series stores (migration 061). */
export interface MetricKeysTable {
  id: string;
  key: number;
}

/**
 * One point of a node's series (peer 0) or of one pair's (peer = the peer's key) over a bucket of `resolution`
 * seconds; resolution 0 is a raw report, whose bucket is its time (epoch seconds). Bigints read back as text on pg.
 */
export interface MetricSeriesTable {
  resolution: number;
  node: number;
  peer: number;
  bucket: ColumnType<number | string, number, number>;
  checks: number;
  up: number;
  latency_sum_us: ColumnType<number | string, number, number>;
  latency_count: number;
  latency_max_us: ColumnType<number | string | null, number | null, number | null>;
  rx: ColumnType<number | string, number, number>;
  tx: ColumnType<number | string, number, number>;
}

export interface MetricRollupMarksTable {
  resolution: number;
  done_until: ColumnType<number | string, number, number>;
}

/** An alert rule of a network (migration 055). `email_to` is a JSON list; `secret` signs webhooks, never shown. */
export interface AlertRulesTable {
  id: string;
  network: string;
  name: string;
  kind: string;
  enabled: number;
  node_id: string;
  latency_ms: number | null;
  for_seconds: number;
  cooldown_seconds: number;
  webhook_url: string;
  email_to: string;
  secret: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One alert a rule fired for one subject; resolved in place (migration 055). */
export interface AlertEventsTable {
  id: string;
  rule_id: string;
  rule_name: string;
  kind: string;
  network: string;
  subject: string;
  subject_name: string;
  detail: string;
  fired_at: string;
  resolved_at: string | null;
  delivery: string;
  delivery_error: string;
}
