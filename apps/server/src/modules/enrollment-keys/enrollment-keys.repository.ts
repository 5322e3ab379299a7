import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database, EnrollmentKeysTable } from '../../db/schema.ts';

export type EnrollmentKeyRow = Selectable<EnrollmentKeysTable>;

/** SQL for enrollment keys; the only reader and writer of the enrollment_keys table. */
export class EnrollmentKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every key, oldest first. */
  listAll(): Promise<EnrollmentKeyRow[]> {
    return this.db.selectFrom('enrollment_keys').selectAll().orderBy('created_at').orderBy('value').execute();
  }

  /** One key by its value, or undefined. */
  findByValue(value: string): Promise<EnrollmentKeyRow | undefined> {
    return this.db.selectFrom('enrollment_keys').selectAll().where('value', '=', value).executeTakeFirst();
  }

  /** Inserts a key; 'duplicate' when its name is taken (the unique index decides under races). */
  async insert(row: EnrollmentKeyRow): Promise<EnrollmentKeyRow | 'duplicate'> {
    try {
      return await this.db.insertInto('enrollment_keys').values(row).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Sets the fields v0.30 lets an update change. */
  async updateRelayAndGroups(
    value: string,
    relay: string,
    groups: string[],
  ): Promise<EnrollmentKeyRow | undefined> {
    return this.db
      .updateTable('enrollment_keys')
      .set({ relay, groups: JSON.stringify(groups) })
      .where('value', '=', value)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a key; true when it existed. */
  async delete(value: string): Promise<boolean> {
    const result = await this.db.deleteFrom('enrollment_keys').where('value', '=', value).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Takes one use of a uses-based key in a single conditional UPDATE, so concurrent registrations can never
   * drive the count below zero; false when no use was left.
   */
  async takeUse(value: string): Promise<boolean> {
    const result = await this.db
      .updateTable('enrollment_keys')
      .set((eb) => ({ uses_remaining: eb('uses_remaining', '-', 1) }))
      .where('value', '=', value)
      .where('uses_remaining', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Replaces the networks list of a key. */
  async setNetworks(value: string, networks: string[]): Promise<void> {
    await this.db
      .updateTable('enrollment_keys')
      .set({ networks: JSON.stringify(networks) })
      .where('value', '=', value)
      .execute();
  }
}
