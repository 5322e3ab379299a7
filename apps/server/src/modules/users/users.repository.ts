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
}

/** SQL for users; the only place that reads or writes the users table. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when the one super-admin exists. */
  async hasSuperAdmin(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('username').where('super_admin_lock', '=', 1).executeTakeFirst();
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
          auth_type: 'basic_auth',
          display_name: '',
          user_group_ids: JSON.stringify(user.groupIds),
          network_roles: '{}',
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
    await this.db.updateTable('users').set({ last_login_time: at }).where('username', '=', username).execute();
  }
}
