import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The old matrix's own default (decision 040): "Block all" / "Allow all" is stored as one value per network
 * (0 none, 1 deny, 2 allow) instead of a row per pair, and `acl_matrix` keeps only the cells that differ from it
 * (a cell of 0 is an exception leaving its pair to the policies). Existing networks start without a fill, so
 * their stored rows mean what they meant.
 */
export const aclMatrixFill: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('networks')
      .addColumn('acl_matrix_fill', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('networks').dropColumn('acl_matrix_fill').execute();
  },
};
