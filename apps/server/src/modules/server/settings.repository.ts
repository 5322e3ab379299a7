import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL for the server's key/value settings (secrets generated at first start). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns the stored value, or stores and returns `create()` when none exists; safe under concurrent starts. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value: create() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db.selectFrom('server_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return row.value;
  }
}
