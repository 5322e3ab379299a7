/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: booleans are integers (0/1), timestamps are
 * ISO-8601 text, and structured values are JSON text.
 */
export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  username: string;
  password_hash: string;
  platform_role_id: string;
  /** 1 for the one super-admin, NULL otherwise; a unique index makes "only one super-admin" a database fact. */
  super_admin_lock: number | null;
  auth_type: string;
  display_name: string;
  /** JSON array of group ids. */
  user_group_ids: string;
  /** JSON object {netid|all_networks: roleId[]}. */
  network_roles: string;
  account_disabled: number;
  last_login_time: string | null;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: string;
  name: string;
  is_default: number;
  meta_data: string;
  deny_dashboard_access: number;
  full_access: number;
  network_id: string;
  /** JSON access maps (api-contract §3.11). */
  network_level_access: string;
  global_level_access: string;
}

export interface Database {
  server_settings: ServerSettingsTable;
  users: UsersTable;
  roles: RolesTable;
}
