import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The status sweeper (decision 050) asks every few seconds which nodes' last check-in crossed a status age since
 * its previous sweep: a range on `last_check_in`, which without this index read the whole nodes table each time.
 */
export const nodesCheckInIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('nodes_last_check_in').on('nodes').column('last_check_in').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('nodes_last_check_in').execute();
  },
};
