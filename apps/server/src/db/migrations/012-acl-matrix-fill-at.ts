import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * When the old matrix's fill was set (decision 040): the fill reaches the members that existed then, so a node or
 * client that joins later has its pairs at the network default, as the contract gives a new member `defaultacl`.
 * ISO text, compared with the members' `created_at`.
 */
export const aclMatrixFillAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('networks')
      .addColumn('acl_matrix_fill_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('networks').dropColumn('acl_matrix_fill_at').execute();
  },
};
