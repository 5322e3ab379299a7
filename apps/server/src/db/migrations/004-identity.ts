import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * People (issue 9): user groups, API access tokens, invites and pending (SSO) users, and a per-user token
 * generation that session tokens carry, so a role change can revoke every session of that user at once.
 * Group membership stays on the user row (`user_group_ids`), as the contract's User object carries it.
 */
export const identity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('external_id', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('user_groups')
      .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('meta_data', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('network_roles', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('access_tokens')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('user_name', 'varchar(64)', (c) =>
        c.notNull().references('users.username').onDelete('cascade'),
      )
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_used', 'text')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_name').execute();
    await db.schema
      .createTable('invites')
      .addColumn('email', 'varchar(256)', (c) => c.primaryKey())
      .addColumn('invite_code', 'varchar(16)', (c) => c.notNull())
      .addColumn('platform_role_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('network_roles', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pending_users')
      .addColumn('username', 'varchar(256)', (c) => c.primaryKey())
      .addColumn('external_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pending_users').execute();
    await db.schema.dropTable('invites').execute();
    await db.schema.dropTable('access_tokens').execute();
    await db.schema.dropTable('user_groups').execute();
    await db.schema.alterTable('users').dropColumn('external_id').execute();
    await db.schema.alterTable('users').dropColumn('token_generation').execute();
  },
};
