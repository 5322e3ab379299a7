import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Serialises a check-then-write sequence (for example "no overlapping range, then insert") across concurrent
 * requests by updating the named write_locks row inside the caller's transaction: any UPDATE takes the row lock,
 * which PostgreSQL holds until commit or rollback. SQLite runs one write transaction at a time anyway.
 */
export async function lockForWrite(trx: Kysely<Database>, name: string): Promise<void> {
  const touch = () =>
    trx.updateTable('write_locks').set({ touched: 1 }).where('name', '=', name).executeTakeFirst();
  if ((await touch()).numUpdatedRows > 0n) return;
  // First use of this name: create the row (racing creators are harmless), then take the lock.
  await trx
    .insertInto('write_locks')
    .values({ name, touched: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await touch();
}
