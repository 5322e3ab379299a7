import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Remote access (issue 10): external clients attached to a gateway node, and the users attached to a gateway.
 * Clients go with their gateway node (cascade), so deleting a node, host or network leaves no orphan. The
 * unique indexes make "one address per network" a database fact for clients; nodes and clients exclude each
 * other's addresses under the same per-network write lock (ext-clients.repository.ts).
 */
export const remoteAccess: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ext_clients')
      .addColumn('client_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('gateway_node_id', 'varchar(36)', (c) =>
        c.notNull().references('nodes.id').onDelete('cascade'),
      )
      .addColumn('address', 'varchar(64)')
      .addColumn('address6', 'varchar(64)')
      .addColumn('private_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('public_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('dns', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('extra_allowed_ips', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('owner_id', 'varchar(256)', (c) => c.notNull())
      .addColumn('post_up', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('post_down', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('denied_node_acls', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('remote_access_client_id', 'varchar(256)', (c) => c.notNull().defaultTo(''))
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ext_clients_network_address')
      .on('ext_clients')
      .columns(['network', 'address'])
      .unique()
      .execute();
    await db.schema
      .createIndex('ext_clients_network_address6')
      .on('ext_clients')
      .columns(['network', 'address6'])
      .unique()
      .execute();
    await db.schema.createIndex('ext_clients_gateway').on('ext_clients').column('gateway_node_id').execute();
    await db.schema
      .createTable('gateway_users')
      .addColumn('node_id', 'varchar(36)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
      .addColumn('username', 'varchar(256)', (c) =>
        c.notNull().references('users.username').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('gateway_users_pk', ['node_id', 'username'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('gateway_users').execute();
    await db.schema.dropTable('ext_clients').execute();
  },
};
