import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Enrollment keys, hosts and nodes (issue 4). Nodes name their network by netid without a foreign key: network
 * deletion removes members through the networks service (NetworkUsage), which also publishes peer updates.
 * The unique indexes make "one address per network" and "one node per host and network" database facts, so
 * concurrent registrations can never hand out the same address.
 */
export const devices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('enrollment_keys')
      .addColumn('value', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('networks', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('uses_remaining', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('relay', 'varchar(36)', (c) => c.notNull().defaultTo(''))
      .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('hosts')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('public_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('traffic_key', 'text')
      .addColumn('version', 'varchar(64)', (c) => c.notNull())
      .addColumn('os', 'varchar(32)', (c) => c.notNull())
      .addColumn('os_details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('interfaces', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('listen_port', 'integer', (c) => c.notNull())
      .addColumn('public_listen_port', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mtu', 'integer', (c) => c.notNull())
      .addColumn('endpoint_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('endpoint_ip6', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('is_static_port', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('keepalive_seconds', 'integer', (c) => c.notNull())
      .addColumn('mac_address', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('nodes')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('host_id', 'varchar(36)', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('address', 'varchar(64)')
      .addColumn('address6', 'varchar(64)')
      .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('pending_delete', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('action', 'varchar(16)', (c) => c.notNull().defaultTo('noop'))
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('last_check_in', 'text', (c) => c.notNull())
      .addColumn('last_peer_update', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('nodes_network_address')
      .on('nodes')
      .columns(['network', 'address'])
      .unique()
      .execute();
    await db.schema
      .createIndex('nodes_network_address6')
      .on('nodes')
      .columns(['network', 'address6'])
      .unique()
      .execute();
    await db.schema
      .createIndex('nodes_host_network')
      .on('nodes')
      .columns(['host_id', 'network'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('nodes').execute();
    await db.schema.dropTable('hosts').execute();
    await db.schema.dropTable('enrollment_keys').execute();
  },
};
