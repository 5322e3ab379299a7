import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One node's latest metrics row: the contract's `Metrics` as JSON (NodeMetrics). */
export interface NodeMetricsRow {
  node_id: string;
  network: string;
  host_id: string;
  body: string;
  updated_at: string;
}

/** One pair's measurement at one report. */
export interface SampleRow {
  node_id: string;
  peer_id: string;
  network: string;
  at: number;
  connected: number;
  latency: number | null;
  rx: number;
  tx: number;
}

/** One point of a time series: a pair over a bucket (or one raw sample, whose bucket is its time). */
export interface SeriesPoint {
  peer_id: string;
  at: number;
  checks: number;
  up: number;
  latency_avg: number | null;
  latency_max: number | null;
  rx: number;
  tx: number;
}

const toNumber = (value: number | string | null): number => (value === null ? 0 : Number(value));

/** SQL for metrics (migration 020); the only reader and writer of the metrics tables. */
export class MetricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  latest(nodeId: string): Promise<NodeMetricsRow | undefined> {
    return this.db.selectFrom('node_metrics').selectAll().where('node_id', '=', nodeId).executeTakeFirst();
  }

  /** The latest rows of some networks (every network when `networks` is undefined). */
  latestOf(networks: readonly string[] | undefined): Promise<NodeMetricsRow[]> {
    if (networks?.length === 0) return Promise.resolve([]);
    let query = this.db.selectFrom('node_metrics').selectAll();
    if (networks) query = query.where('network', 'in', networks);
    return query.orderBy('node_id').execute();
  }

  /** Stores a node's new latest metrics and the report's samples, in one transaction. */
  async saveReport(row: NodeMetricsRow, samples: readonly SampleRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('node_metrics')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('node_id').doUpdateSet({
            network: row.network,
            host_id: row.host_id,
            body: row.body,
            updated_at: row.updated_at,
          }),
        )
        .execute();
      // Bounded statements: a node with thousands of peers writes its samples a few hundred rows at a time.
      for (let start = 0; start < samples.length; start += 500)
        await trx
          .insertInto('metric_samples')
          .values(samples.slice(start, start + 500))
          .execute();
    });
  }

  /** Forgets the metrics of nodes that no longer exist (and what other nodes said of them). */
  async deleteNodes(nodeIds: readonly string[]): Promise<void> {
    if (nodeIds.length === 0) return;
    await this.db.deleteFrom('node_metrics').where('node_id', 'in', nodeIds).execute();
  }

  async rollupMark(resolution: number): Promise<number> {
    const row = await this.db
      .selectFrom('metric_rollup_marks')
      .select('done_until')
      .where('resolution', '=', resolution)
      .executeTakeFirst();
    return row ? Number(row.done_until) : 0;
  }

  /**
   * Rolls raw samples (`from` = 0) or finer roll-ups (`from` = their resolution) in [since, until) up into buckets of
   * `resolution` seconds, and records that those buckets are done, in one transaction.
   */
  async rollUp(resolution: number, from: number, since: number, until: number): Promise<void> {
    if (until <= since) return;
    await this.db.transaction().execute(async (trx) => {
      const inserted =
        from === 0
          ? await sql`
          insert into metric_rollups
            (resolution, bucket, node_id, peer_id, network, checks, up, latency_sum, latency_count, latency_max, rx, tx)
          select ${sql.lit(resolution)}, at - (at % ${sql.lit(resolution)}), node_id, peer_id, max(network), count(*), sum(connected),
            coalesce(sum(latency), 0), count(latency), max(latency), max(rx), max(tx)
          from metric_samples
          where at >= ${since} and at < ${until}
          group by at - (at % ${sql.lit(resolution)}), node_id, peer_id
          on conflict (resolution, node_id, peer_id, bucket) do nothing`.execute(trx)
          : await sql`
          insert into metric_rollups
            (resolution, bucket, node_id, peer_id, network, checks, up, latency_sum, latency_count, latency_max, rx, tx)
          select ${sql.lit(resolution)}, bucket - (bucket % ${sql.lit(resolution)}), node_id, peer_id, max(network), sum(checks),
            sum(up), sum(latency_sum), sum(latency_count), max(latency_max), max(rx), max(tx)
          from metric_rollups
          where resolution = ${sql.lit(from)} and bucket >= ${since} and bucket < ${until}
          group by bucket - (bucket % ${sql.lit(resolution)}), node_id, peer_id
          on conflict (resolution, node_id, peer_id, bucket) do nothing`.execute(trx);
      // Nothing came in: the mark stays (the next run covers the same range), so an idle server writes nothing.
      if (Number(inserted.numAffectedRows ?? 0) === 0) return;
      await trx
        .insertInto('metric_rollup_marks')
        .values({ resolution, done_until: until })
        .onConflict((conflict) => conflict.column('resolution').doUpdateSet({ done_until: until }))
        .execute();
    });
  }

  /** Drops raw samples before `rawBefore` and roll-ups of each resolution before its cut-off (epoch seconds). */
  async prune(rawBefore: number, rollupsBefore: ReadonlyMap<number, number>): Promise<void> {
    await this.db.deleteFrom('metric_samples').where('at', '<', rawBefore).execute();
    for (const [resolution, before] of rollupsBefore)
      await this.db
        .deleteFrom('metric_rollups')
        .where('resolution', '=', resolution)
        .where('bucket', '<', before)
        .execute();
  }

  /** A node's points (all its peers, or one) in [from, to), raw (`resolution` 0) or from one roll-up level. */
  async series(input: {
    nodeId: string;
    peerId?: string | undefined;
    resolution: number;
    from: number;
    to: number;
  }): Promise<SeriesPoint[]> {
    if (input.resolution === 0) {
      let query = this.db
        .selectFrom('metric_samples')
        .select(['peer_id', 'at', 'connected', 'latency', 'rx', 'tx'])
        .where('node_id', '=', input.nodeId)
        .where('at', '>=', input.from)
        .where('at', '<', input.to);
      if (input.peerId) query = query.where('peer_id', '=', input.peerId);
      const rows = await query.orderBy('at').execute();
      return rows.map((row) => ({
        peer_id: row.peer_id,
        at: toNumber(row.at),
        checks: 1,
        up: row.connected,
        latency_avg: row.latency,
        latency_max: row.latency,
        rx: toNumber(row.rx),
        tx: toNumber(row.tx),
      }));
    }
    let query = this.db
      .selectFrom('metric_rollups')
      .selectAll()
      .where('resolution', '=', input.resolution)
      .where('node_id', '=', input.nodeId)
      .where('bucket', '>=', input.from)
      .where('bucket', '<', input.to);
    if (input.peerId) query = query.where('peer_id', '=', input.peerId);
    const rows = await query.orderBy('bucket').execute();
    return rows.map((row) => ({
      peer_id: row.peer_id,
      at: toNumber(row.bucket),
      checks: row.checks,
      up: Number(row.up),
      latency_avg: row.latency_count > 0 ? row.latency_sum / row.latency_count : null,
      latency_max: row.latency_max,
      rx: toNumber(row.rx),
      tx: toNumber(row.tx),
    }));
  }

  /** Rows per table, for the storage figures of the bench and the Prometheus gauges. */
  async counts(): Promise<{ samples: number; rollups: number; nodes: number }> {
    const count = async (table: 'metric_samples' | 'metric_rollups' | 'node_metrics') =>
      Number(
        (
          await this.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      samples: await count('metric_samples'),
      rollups: await count('metric_rollups'),
      nodes: await count('node_metrics'),
    };
  }
}
