import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Metrics from agents (issue 41): each node's latest connectivity (the contract's `Metrics`, with the counts the
 * server keeps), raw samples per pair kept for a day, and roll-ups per pair of 5 minutes (a week) and of an hour
 * (a month). Numbered apart from the other migrations of the same session (append-only order by key).
 */
export const metrics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('node_metrics')
      .addColumn('node_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('host_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('node_metrics_network').on('node_metrics').column('network').execute();
    await db.schema
      .createTable('metric_samples')
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('peer_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('connected', 'integer', (c) => c.notNull())
      .addColumn('latency', 'real')
      .addColumn('rx', 'bigint', (c) => c.notNull())
      .addColumn('tx', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('metric_samples_pair_at')
      .on('metric_samples')
      .columns(['node_id', 'peer_id', 'at'])
      .execute();
    await db.schema.createIndex('metric_samples_at').on('metric_samples').column('at').execute();
    await db.schema
      .createTable('metric_rollups')
      .addColumn('resolution', 'integer', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('peer_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('checks', 'integer', (c) => c.notNull())
      .addColumn('up', 'integer', (c) => c.notNull())
      .addColumn('latency_sum', 'real', (c) => c.notNull())
      .addColumn('latency_count', 'integer', (c) => c.notNull())
      .addColumn('latency_max', 'real')
      .addColumn('rx', 'bigint', (c) => c.notNull())
      .addColumn('tx', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_rollups_pk', ['resolution', 'node_id', 'peer_id', 'bucket'])
      .execute();
    await db.schema
      .createIndex('metric_rollups_resolution_bucket')
      .on('metric_rollups')
      .columns(['resolution', 'bucket'])
      .execute();
    // Which rolled-up buckets are done, so a restart neither skips nor doubles one.
    await db.schema
      .createTable('metric_rollup_marks')
      .addColumn('resolution', 'integer', (c) => c.primaryKey())
      .addColumn('done_until', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['metric_rollup_marks', 'metric_rollups', 'metric_samples', 'node_metrics'])
      await db.schema.dropTable(table).execute();
  },
};
