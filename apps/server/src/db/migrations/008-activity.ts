import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The activity log (issue 33, decision 035): one row per recorded write. No foreign keys: an entry outlives the
 * network, user or host it names. `time_stamp` is an ISO time in UTC, so text order is time order on both engines.
 */
export const activity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('activity_log')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('time_stamp', 'varchar(32)', (c) => c.notNull())
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('subject_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('target_id', 'varchar(512)', (c) => c.notNull())
      .addColumn('target_name', 'varchar(512)', (c) => c.notNull())
      .addColumn('network_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('actor_id', 'varchar(256)', (c) => c.notNull())
      .addColumn('actor_name', 'varchar(256)', (c) => c.notNull())
      .addColumn('origin', 'varchar(16)', (c) => c.notNull())
      .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
      .addColumn('route', 'varchar(256)', (c) => c.notNull())
      .addColumn('diff_old', 'text')
      .addColumn('diff_new', 'text')
      .execute();
    await db.schema.createIndex('activity_log_time').on('activity_log').column('time_stamp').execute();
    await db.schema
      .createIndex('activity_log_network')
      .on('activity_log')
      .columns(['network_id', 'time_stamp'])
      .execute();
    await db.schema
      .createIndex('activity_log_actor')
      .on('activity_log')
      .columns(['actor_id', 'time_stamp'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('activity_log').execute();
  },
};
