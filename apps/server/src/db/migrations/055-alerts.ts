import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Alert rules (issue 41, decision 055): the rules per network, with their destinations and signing secret, and the
 * alerts they fired (one row per subject and firing, resolved in place), kept as history for a bounded time.
 */
export const alerts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_rules')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('latency_ms', 'integer')
      .addColumn('for_seconds', 'integer', (c) => c.notNull())
      .addColumn('cooldown_seconds', 'integer', (c) => c.notNull())
      .addColumn('webhook_url', 'text', (c) => c.notNull())
      .addColumn('email_to', 'text', (c) => c.notNull())
      .addColumn('secret', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(256)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_rules_network').on('alert_rules').column('network').execute();
    await db.schema
      .createTable('alert_events')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('rule_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('rule_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('network', 'varchar(64)', (c) => c.notNull())
      .addColumn('subject', 'varchar(160)', (c) => c.notNull())
      .addColumn('subject_name', 'varchar(600)', (c) => c.notNull())
      .addColumn('detail', 'varchar(1024)', (c) => c.notNull())
      .addColumn('fired_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('resolved_at', 'varchar(40)')
      .addColumn('delivery', 'varchar(16)', (c) => c.notNull())
      .addColumn('delivery_error', 'varchar(512)', (c) => c.notNull())
      .execute();
    // Firing alerts and history of a network, newest first; cooldowns look up a rule's subjects by time.
    await db.schema
      .createIndex('alert_events_network_fired')
      .on('alert_events')
      .columns(['network', 'fired_at'])
      .execute();
    await db.schema
      .createIndex('alert_events_rule_subject')
      .on('alert_events')
      .columns(['rule_id', 'subject', 'fired_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('alert_events').execute();
    await db.schema.dropTable('alert_rules').execute();
  },
};
