import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Several replicas on one PostgreSQL (issue 42, decision 062): the change version every cross-replica change hint
 * bumps (one row; its value is the number of the latest hint sent), and the rate-limit counters every replica
 * shares. Created on SQLite too (one migration set), where one process uses neither.
 */
export const replicaSync: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('change_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into change_version (id, version) values (1, 0)`.execute(db);
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resets_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('rate_limit_counters_resets_at')
      .on('rate_limit_counters')
      .column('resets_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limit_counters').execute();
    await db.schema.dropTable('change_version').execute();
  },
};
