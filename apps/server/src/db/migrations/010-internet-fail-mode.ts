import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What a network's internet-gateway clients do when their gateway stops answering (issue 31): `closed` keeps all
 * traffic in the tunnel, `open` falls back to the host's own default route. Delivered to agents in their peer
 * updates; an agent's `--internet-fail` flag overrides it locally.
 */
export const internetFailMode: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('networks')
      .addColumn('internet_fail_mode', 'varchar(8)', (c) => c.notNull().defaultTo('closed'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('networks').dropColumn('internet_fail_mode').execute();
  },
};
