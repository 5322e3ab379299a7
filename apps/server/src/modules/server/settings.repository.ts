import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL for the server's key/value settings (secrets generated at first start). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored value of a setting, if any. */
  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Returns the stored value, or stores `initial` when none exists; safe under concurrent starts. */
  async getOrCreate(key: string, initial: string): Promise<string> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value: initial })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}

/** The server's key/value settings as the composition root and the command-line tools read them. */
export type ServerSettings = Pick<SettingsRepository, 'get' | 'getOrCreate'>;

/** The settings on `db` (the database handle's). */
export function serverSettings(db: Kysely<Database>): ServerSettings {
  return new SettingsRepository(db);
}
