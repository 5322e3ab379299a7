import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Work shared by several replicas on one PostgreSQL (decision 063): the lease that names which replica runs
 * single-runner work, the outbox of work items any replica hands to that owner (peer-update and DNS-update
 * changes), and the peer-update versions the owner issued, which every replica's pulls report. Created on SQLite
 * too (one schema), where one process always owns the work and the tables stay empty.
 */
export const sharedWork: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('work_leases')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)', (c) => c.notNull())
      .addColumn('term', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('work_outbox')
      .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('work_outbox_kind_id').on('work_outbox').columns(['kind', 'id']).execute();
    await db.schema
      .createTable('peer_sync')
      .addColumn('host_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('term', 'varchar(32)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('peer_sync').ifExists().execute();
    await db.schema.dropTable('work_outbox').ifExists().execute();
    await db.schema.dropTable('work_leases').ifExists().execute();
  },
};
