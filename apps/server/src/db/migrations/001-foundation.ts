import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Settings, users and platform roles: what the first admin and login need. */
export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_settings')
      .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('users')
      .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('platform_role_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('super_admin_lock', 'integer', (c) => c.unique())
      .addColumn('auth_type', 'varchar(16)', (c) => c.notNull().defaultTo('basic_auth'))
      .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('network_roles', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('account_disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_login_time', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('roles')
      .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('meta_data', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('deny_dashboard_access', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('full_access', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('network_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('network_level_access', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('global_level_access', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('roles').execute();
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('server_settings').execute();
  },
};
