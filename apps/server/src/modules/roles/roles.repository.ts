import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database, RolesTable } from '../../db/schema.ts';

export type RoleRow = Selectable<RolesTable>;

/** SQL for roles. */
export class RolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the given roles, leaving existing ones untouched (start-up seeding is idempotent). */
  async insertMissing(roles: RoleRow[]): Promise<void> {
    for (const role of roles) {
      await this.db
        .insertInto('roles')
        .values(role)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }

  /** Finds a role by id. */
  findById(id: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every role, sorted by id. */
  listAll(): Promise<RoleRow[]> {
    return this.db.selectFrom('roles').selectAll().orderBy('id').execute();
  }

  /** The roles with these ids. */
  findByIds(ids: readonly string[]): Promise<RoleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('roles')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Finds a role by its display name. */
  findByName(name: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** Inserts a role; 'duplicate' when the id is taken. */
  async insert(role: RoleRow): Promise<RoleRow | 'duplicate'> {
    try {
      return await this.db.insertInto('roles').values(role).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Replaces a role's fields. */
  async update(role: RoleRow): Promise<RoleRow | undefined> {
    return this.db.updateTable('roles').set(role).where('id', '=', role.id).returningAll().executeTakeFirst();
  }

  /** Deletes roles by id. */
  async deleteByIds(ids: readonly string[]): Promise<void> {
    if (ids.length > 0)
      await this.db
        .deleteFrom('roles')
        .where('id', 'in', [...ids])
        .execute();
  }

  /** Ids of every role of one network (default and custom). */
  async idsOfNetwork(netid: string): Promise<string[]> {
    const rows = await this.db.selectFrom('roles').select('id').where('network_id', '=', netid).execute();
    return rows.map((row) => row.id);
  }
}
