import type { Kysely, Selectable } from 'kysely';
import type { AccessTokensTable, Database } from '../../db/schema.ts';

export type AccessTokenRow = Selectable<AccessTokensTable>;

/** SQL for API access tokens. */
export class AccessTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new token row. */
  async insert(row: AccessTokenRow): Promise<void> {
    await this.db.insertInto('access_tokens').values(row).execute();
  }

  /** Finds a token row by id. */
  findById(id: string): Promise<AccessTokenRow | undefined> {
    return this.db.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One user's tokens, newest first. */
  listByUser(username: string): Promise<AccessTokenRow[]> {
    return this.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_name', '=', username)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Token counts per user, for ReturnUser.num_access_tokens. */
  async countByUser(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('access_tokens')
      .select((eb) => ['user_name', eb.fn.countAll<number | string>().as('count')])
      .groupBy('user_name')
      .execute();
    return new Map(rows.map((row) => [row.user_name, Number(row.count)]));
  }

  /** Deletes one token; false when there was none. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('access_tokens').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Deletes every token of a user (its role or groups changed). */
  async deleteByUser(username: string): Promise<void> {
    await this.db.deleteFrom('access_tokens').where('user_name', '=', username).execute();
  }

  /** Marks a token as used now when it exists for that user and has not expired; false otherwise. */
  async markUsed(id: string, username: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('access_tokens')
      .set({ last_used: now })
      .where('id', '=', id)
      .where('user_name', '=', username)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
