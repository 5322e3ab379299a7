import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  passwordHash: string;
  platformRoleId: string;
  isSuperAdmin: boolean;
  groupIds: string[];
  now: string;
  networkRoles?: Record<string, string[]>;
  authType?: 'basic_auth' | 'oauth';
  externalId?: string;
}

/** Columns an update may change; undefined keeps the stored value. */
export interface UserChanges {
  passwordHash?: string;
  platformRoleId?: string;
  isSuperAdmin?: boolean;
  groupIds?: string[];
  networkRoles?: Record<string, string[]>;
  displayName?: string;
  /** Ends every session issued before (the generation is bumped). */
  revokeSessions?: boolean;
}

/** SQL for users; the only place that reads or writes the users table. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when the one super-admin exists. */
  async hasSuperAdmin(): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('username')
      .where('super_admin_lock', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Finds a user by exact username. */
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** Every user, sorted by username. */
  listAll(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('username').execute();
  }

  /** Inserts a user; returns 'duplicate' when the username or the super-admin slot is taken. */
  async insert(user: NewUser): Promise<UserRow | 'duplicate'> {
    try {
      return await this.db
        .insertInto('users')
        .values({
          username: user.username,
          password_hash: user.passwordHash,
          platform_role_id: user.platformRoleId,
          super_admin_lock: user.isSuperAdmin ? 1 : null,
          auth_type: user.authType ?? 'basic_auth',
          external_id: user.externalId ?? '',
          display_name: '',
          user_group_ids: JSON.stringify(user.groupIds),
          network_roles: JSON.stringify(user.networkRoles ?? {}),
          account_disabled: 0,
          last_login_time: null,
          created_at: user.now,
          updated_at: user.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Records a successful login. */
  async touchLastLogin(username: string, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_login_time: at })
      .where('username', '=', username)
      .execute();
  }

  /** Applies changes to one user; returns the updated row, or undefined when the user is gone. */
  async update(username: string, changes: UserChanges, now: string): Promise<UserRow | undefined> {
    const columns = {
      password_hash: changes.passwordHash,
      platform_role_id: changes.platformRoleId,
      super_admin_lock: changes.isSuperAdmin === undefined ? undefined : changes.isSuperAdmin ? 1 : null,
      user_group_ids: changes.groupIds && JSON.stringify(changes.groupIds),
      network_roles: changes.networkRoles && JSON.stringify(changes.networkRoles),
      display_name: changes.displayName,
    };
    const defined = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
    return this.db
      .updateTable('users')
      .set((eb) => ({
        ...defined,
        updated_at: now,
        ...(changes.revokeSessions ? { token_generation: eb('token_generation', '+', 1) } : {}),
      }))
      .where('username', '=', username)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a user (its access tokens go with it); false when there was none. */
  async delete(username: string): Promise<boolean> {
    await this.db.deleteFrom('access_tokens').where('user_name', '=', username).execute();
    const result = await this.db.deleteFrom('users').where('username', '=', username).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Users whose group list mentions any of `groupIds` (JSON text, so matched in code after a coarse LIKE; `_` and
   * `%` in an id only widen the LIKE, never narrow it).
   */
  async listInGroups(groupIds: readonly string[]): Promise<UserRow[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or(groupIds.map((id) => eb('user_group_ids', 'like', `%${JSON.stringify(id)}%`))))
      .execute();
    return rows.filter((row) =>
      (JSON.parse(row.user_group_ids) as string[]).some((id) => groupIds.includes(id)),
    );
  }

  /** Users with a direct network role in `netid`. */
  async listWithNetworkRoles(netid: string): Promise<UserRow[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('network_roles', 'like', `%${JSON.stringify(netid)}%`)
      .execute();
    return rows.filter((row) => netid in (JSON.parse(row.network_roles) as Record<string, unknown>));
  }
}
