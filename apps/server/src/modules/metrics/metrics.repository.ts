import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One node's latest metrics row: the contract's `Metrics` as JSON (NodeMetrics). */
export interface NodeMetricsRow {
  node_id: string;
  network: string;
  host_id: string;
  body: string;
  updated_at: string;
}

/** One point to store: a node's whole (peer '') or one pair's figures at one report or over one bucket. */
export interface SeriesRow {
  node_id: string;
  /** '' for the node as a whole. */
  peer_id: string;
  at: number;
  checks: number;
  up: number;
  latency_sum: number;
  latency_count: number;
  latency_max: number | null;
  rx: number;
  tx: number;
}

/** One point of a time series: the node ('' peer) or a pair over a bucket (or one raw report at its time). */
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

/** SQL for metrics (migrations 020 and 061); the only reader and writer of the metrics tables. */
export class MetricsRepository {
  /** Ids interned as metric_keys' integers (ids never change their key, so the cache never goes stale). */
  readonly #keys = new Map<string, number>();

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

  /** node id -> updated_at of a network's reporting nodes (the matrix's versions; no bodies read). */
  async versionsOf(network: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('node_metrics')
      .select(['node_id', 'updated_at'])
      .where('network', '=', network)
      .execute();
    return new Map(rows.map((row) => [row.node_id, row.updated_at]));
  }

  /** The bodies of some nodes, read 50 at a time (a body of a 1,000-node mesh is ~270 KB) and handed over. */
  async eachBody(nodeIds: readonly string[], each: (nodeId: string, body: string) => void): Promise<void> {
    for (let start = 0; start < nodeIds.length; start += 50) {
      const rows = await this.db
        .selectFrom('node_metrics')
        .select(['node_id', 'body'])
        .where('node_id', 'in', nodeIds.slice(start, start + 50))
        .execute();
      for (const row of rows) each(row.node_id, row.body);
    }
  }

  /** The integer an id is stored as (0 for ''), made on first use; undefined with `create` false and none yet. */
  async keyOf(id: string, create = true): Promise<number | undefined> {
    if (id === '') return 0;
    const cached = this.#keys.get(id);
    if (cached !== undefined) return cached;
    const read = async () =>
      (await this.db.selectFrom('metric_keys').select('key').where('id', '=', id).executeTakeFirst())?.key;
    let key = await read();
    // The next integer; a replica that took the same one at the same moment makes this insert a no-op or a
    // conflict on `key`, and the next try takes the one after.
    for (let attempt = 0; key === undefined && create && attempt < 5; attempt++) {
      await sql`insert into metric_keys (id, key)
        select ${id}, coalesce(max(key), 0) + 1 from metric_keys where true
        on conflict do nothing`
        .execute(this.db)
        .catch(() => undefined); // a key taken at the same moment: read, then try the next
      key = await read();
    }
    if (key === undefined) {
      if (create) throw new Error(`no metrics key could be made for ${id}`);
      return undefined;
    }
    this.#keys.set(id, Number(key));
    return Number(key);
  }

  /** Stores a node's new latest metrics and the report's points (resolution 0), in one transaction. */
  async saveReport(row: NodeMetricsRow, points: readonly SeriesRow[]): Promise<void> {
    const values: Insertable<Database['metric_series']>[] = [];
    for (const point of points)
      values.push({
        resolution: 0,
        node: (await this.keyOf(point.node_id))!,
        peer: (await this.keyOf(point.peer_id))!,
        bucket: point.at,
        checks: point.checks,
        up: point.up,
        latency_sum_us: Math.round(point.latency_sum * 1000),
        latency_count: point.latency_count,
        latency_max_us: point.latency_max === null ? null : Math.round(point.latency_max * 1000),
        rx: point.rx,
        tx: point.tx,
      });
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
      // Bounded statements; a second report in the same second replaces the first.
      for (let start = 0; start < values.length; start += 500)
        await trx
          .insertInto('metric_series')
          .values(values.slice(start, start + 500))
          .onConflict((conflict) =>
            conflict.columns(['resolution', 'node', 'peer', 'bucket']).doUpdateSet((eb) => ({
              checks: eb.ref('excluded.checks'),
              up: eb.ref('excluded.up'),
              latency_sum_us: eb.ref('excluded.latency_sum_us'),
              latency_count: eb.ref('excluded.latency_count'),
              latency_max_us: eb.ref('excluded.latency_max_us'),
              rx: eb.ref('excluded.rx'),
              tx: eb.ref('excluded.tx'),
            })),
          )
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
   * Rolls raw points (`from` = 0) or finer roll-ups (`from` = their resolution) in [since, until) up into buckets of
   * `resolution` seconds, and records that those buckets are done, in one transaction.
   */
  async rollUp(resolution: number, from: number, since: number, until: number): Promise<void> {
    if (until <= since) return;
    await this.db.transaction().execute(async (trx) => {
      const inserted = await sql`
          insert into metric_series
            (resolution, node, peer, bucket, checks, up, latency_sum_us, latency_count, latency_max_us, rx, tx)
          select ${sql.lit(resolution)}, node, peer, bucket - (bucket % ${sql.lit(resolution)}), sum(checks), sum(up),
            sum(latency_sum_us), sum(latency_count), max(latency_max_us), max(rx), max(tx)
          from metric_series
          where resolution = ${sql.lit(from)} and bucket >= ${since} and bucket < ${until}
          group by node, peer, bucket - (bucket % ${sql.lit(resolution)})
          on conflict (resolution, node, peer, bucket) do nothing`.execute(trx);
      // Nothing came in: the mark stays (the next run covers the same range), so an idle server writes nothing.
      if (Number(inserted.numAffectedRows ?? 0) === 0) return;
      await trx
        .insertInto('metric_rollup_marks')
        .values({ resolution, done_until: until })
        .onConflict((conflict) => conflict.column('resolution').doUpdateSet({ done_until: until }))
        .execute();
    });
  }

  /** Drops raw points before `rawBefore` and roll-ups of each resolution before its cut-off (epoch seconds). */
  async prune(rawBefore: number, rollupsBefore: ReadonlyMap<number, number>): Promise<void> {
    for (const [resolution, before] of [[0, rawBefore] as const, ...rollupsBefore])
      await this.db
        .deleteFrom('metric_series')
        .where('resolution', '=', resolution)
        .where('bucket', '<', before)
        .execute();
  }

  /**
   * A node's points in [from, to), raw (`resolution` 0) or from one roll-up level: the node as a whole (no
   * `peerId`) or one pair (only the times it had a problem, and its recovery, are stored).
   */
  async series(input: {
    nodeId: string;
    peerId?: string | undefined;
    resolution: number;
    from: number;
    to: number;
  }): Promise<SeriesPoint[]> {
    const node = await this.keyOf(input.nodeId, false);
    const peer = await this.keyOf(input.peerId ?? '', false);
    if (node === undefined || peer === undefined) return [];
    const rows = await this.db
      .selectFrom('metric_series')
      .selectAll()
      .where('resolution', '=', input.resolution)
      .where('node', '=', node)
      .where('peer', '=', peer)
      .where('bucket', '>=', input.from)
      .where('bucket', '<', input.to)
      .orderBy('bucket')
      .execute();
    return rows.map((row) => ({
      peer_id: input.peerId ?? '',
      at: toNumber(row.bucket),
      checks: row.checks,
      up: Number(row.up),
      latency_avg: row.latency_count > 0 ? toNumber(row.latency_sum_us) / 1000 / row.latency_count : null,
      latency_max: row.latency_max_us === null ? null : toNumber(row.latency_max_us) / 1000,
      rx: toNumber(row.rx),
      tx: toNumber(row.tx),
    }));
  }

  /** Rows per table, for the storage figures of the bench and the Prometheus gauges. */
  async counts(): Promise<{ samples: number; rollups: number; nodes: number }> {
    const count = async (table: 'metric_series' | 'node_metrics', raw?: boolean) => {
      let query = this.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
      if (raw !== undefined) query = query.where(sql.ref('resolution'), raw ? '=' : '>', 0);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    return {
      samples: await count('metric_series', true),
      rollups: await count('metric_series', false),
      nodes: await count('node_metrics'),
    };
  }
}
