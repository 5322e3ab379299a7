import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Networks (api-contract §3.1) and the write-lock rows that serialise network writes. Flags are 0/1 integers;
 * the two "last modified" stamps are unix seconds in bigint columns so they outlive 2038; ranges are stored
 * normalised ('' when the family is off), so overlap checks compare like with like.
 */
export const networks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('networks')
      .addColumn('netid', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('address_range', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('address_range6', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('default_keepalive', 'integer', (c) => c.notNull().defaultTo(20))
      .addColumn('default_mtu', 'integer', (c) => c.notNull().defaultTo(1280))
      .addColumn('default_listen_port', 'integer', (c) => c.notNull().defaultTo(51821))
      .addColumn('default_acl', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('default_udp_hole_punch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_manual_signup', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_dns', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('default_ext_client_dns', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pro_settings', 'text')
      .addColumn('nodes_last_modified', 'bigint', (c) => c.notNull())
      .addColumn('network_last_modified', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One row per lock name; writers UPDATE their row first, which PostgreSQL holds until commit (SQLite
    // already runs one write transaction at a time).
    await db.schema
      .createTable('write_locks')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('touched', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('write_locks').execute();
    await db.schema.dropTable('networks').execute();
  },
};
