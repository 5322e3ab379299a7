import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database, UserGroupsTable } from '../../db/schema.ts';

export type GroupRow = Selectable<UserGroupsTable>;

/** SQL for user groups; the only place that reads or writes the user_groups table. */
export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every group, sorted by id. */
  listAll(): Promise<GroupRow[]> {
    return this.db.selectFrom('user_groups').selectAll().orderBy('id').execute();
  }

  /** Finds a group by id. */
  findById(id: string): Promise<GroupRow | undefined> {
    return this.db.selectFrom('user_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The groups with these ids (unknown ids are skipped). */
  findByIds(ids: readonly string[]): Promise<GroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('user_groups')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Inserts a group; 'duplicate' when its id or name is taken. */
  async insert(group: GroupRow): Promise<GroupRow | 'duplicate'> {
    try {
      return await this.db.insertInto('user_groups').values(group).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Inserts groups that do not exist yet (start-up and network creation are idempotent). */
  async insertMissing(groups: GroupRow[]): Promise<void> {
    for (const group of groups) {
      await this.db
        .insertInto('user_groups')
        .values(group)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  /** Replaces a group's fields; 'duplicate' when the new name is taken. */
  async update(group: GroupRow): Promise<GroupRow | undefined | 'duplicate'> {
    try {
      return await this.db
        .updateTable('user_groups')
        .set(group)
        .where('id', '=', group.id)
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Deletes groups by id. */
  async deleteByIds(ids: readonly string[]): Promise<void> {
    if (ids.length > 0)
      await this.db
        .deleteFrom('user_groups')
        .where('id', 'in', [...ids])
        .execute();
  }
}
