import type { Kysely, Selectable } from 'kysely';
import type { Database, RolesTable } from '../../db/schema.ts';

export type RoleRow = Selectable<RolesTable>;

/** SQL for roles. */
export class RolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the given roles, leaving existing ones untouched (start-up seeding is idempotent). */
  async insertMissing(roles: RoleRow[]): Promise<void> {
    for (const role of roles) {
      await this.db.insertInto('roles').values(role).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  }

  /** Finds a role by id. */
  findById(id: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
