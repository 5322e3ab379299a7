import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Metrics storage bounded per node (decision 061). Migration 020 kept a raw row per pair per report, which the
 * metrics bench measured at 466 bytes: a month of a 1,000-node network (raw day, 5-minute week, hourly month) would
 * be about 89 GiB. One table now holds every resolution (0 = raw, 300, 3600): per report one row for the node as a
 * whole (peer 0: checks = its peers, up = those reachable) and a row per pair only while that pair has a problem
 * (unreachable, relayed, slow) and at its recovery. Node and peer ids are interned as small integers in
 * metric_keys, latencies are whole microseconds (a varint, not an 8-byte real), and on SQLite the table is WITHOUT
 * ROWID (its primary key is the row). The history of migration 020's
 * tables (a day to a month of a feature shipped one session earlier) is dropped, not converted.
 */
export const metricsSeries: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter.constructor.name.toLowerCase().includes('sqlite');
    await db.schema.dropTable('metric_samples').execute();
    await db.schema.dropTable('metric_rollups').execute();
    await db.deleteFrom('metric_rollup_marks' as never).execute();
    await db.schema
      .createTable('metric_keys')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('key', 'integer', (c) => c.notNull().unique())
      .execute();
    let table = db.schema
      .createTable('metric_series')
      .addColumn('resolution', 'integer', (c) => c.notNull())
      .addColumn('node', 'integer', (c) => c.notNull())
      .addColumn('peer', 'integer', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('checks', 'integer', (c) => c.notNull())
      .addColumn('up', 'integer', (c) => c.notNull())
      .addColumn('latency_sum_us', 'bigint', (c) => c.notNull())
      .addColumn('latency_count', 'integer', (c) => c.notNull())
      .addColumn('latency_max_us', 'bigint')
      .addColumn('rx', 'bigint', (c) => c.notNull())
      .addColumn('tx', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_series_pk', ['resolution', 'node', 'peer', 'bucket']);
    if (sqlite) table = table.modifyEnd(sql`without rowid`);
    await table.execute();
    await db.schema
      .createIndex('metric_series_resolution_bucket')
      .on('metric_series')
      .columns(['resolution', 'bucket'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('metric_series').execute();
    await db.schema.dropTable('metric_keys').execute();
  },
};
