import type { Kysely, Selectable } from 'kysely';
import type { Database, InvitesTable, PendingUsersTable } from '../../db/schema.ts';

export type InviteRow = Selectable<InvitesTable>;
export type PendingUserRow = Selectable<PendingUsersTable>;

/** SQL for invites and pending (SSO) users. */
export class InvitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates or replaces the invite of one email (inviting again issues a new code). */
  async upsert(row: InviteRow): Promise<void> {
    await this.db.deleteFrom('invites').where('email', '=', row.email).execute();
    await this.db.insertInto('invites').values(row).execute();
  }

  /** Finds the invite of one email. */
  find(email: string): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Every invite, by email. */
  listAll(): Promise<InviteRow[]> {
    return this.db.selectFrom('invites').selectAll().orderBy('email').execute();
  }

  /** Deletes one invite; false when there was none. */
  async delete(email: string): Promise<boolean> {
    const result = await this.db.deleteFrom('invites').where('email', '=', email).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Deletes every invite. */
  async deleteAll(): Promise<void> {
    await this.db.deleteFrom('invites').execute();
  }

  /** Adds a pending user unless one of that name is already waiting. */
  async addPending(row: PendingUserRow): Promise<void> {
    await this.db
      .insertInto('pending_users')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Finds one pending user. */
  findPending(username: string): Promise<PendingUserRow | undefined> {
    return this.db
      .selectFrom('pending_users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  /** Every pending user, by name. */
  listPending(): Promise<PendingUserRow[]> {
    return this.db.selectFrom('pending_users').selectAll().orderBy('username').execute();
  }

  /** Removes one pending user; false when there was none. */
  async deletePending(username: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('pending_users')
      .where('username', '=', username)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Removes every pending user. */
  async deleteAllPending(): Promise<void> {
    await this.db.deleteFrom('pending_users').execute();
  }
}
