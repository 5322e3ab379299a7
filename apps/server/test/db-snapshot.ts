import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

const tableNames = new WeakMap<Kysely<any>, string[]>();
/**
 * Counters that are not data, left out of the fingerprint (decision 062, PostgreSQL only):
 * - `rate_limit_counters`: a rate-limited route counts every attempt, refused or not, as the in-memory limiter does
 *   on SQLite;
 * - `change_version`: the sequence number of change hints, bumped by every hint of the whole server, background
 *   work included (the status sweep, alerts); a write a request made shows in its own table. The closing fresh-clone
 *   check's fuzz pass saw it move during a request refused with 401.
 */
const ATTEMPT_COUNTERS = new Set(['rate_limit_counters', 'change_version']);

/**
 * A fingerprint of every row of every table (attempt counters aside), to prove that a request wrote nothing. Rows are serialised and
 * sorted, so the order a scan returns them in does not matter; tables are small in tests.
 */
export async function snapshotDatabase(db: Kysely<any>): Promise<Map<string, string>> {
  // Listing tables is the slow part on PostgreSQL; the schema does not change while a server runs.
  let tables = tableNames.get(db);
  if (!tables) {
    tables = (await db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_') && !ATTEMPT_COUNTERS.has(name));
    tableNames.set(db, tables);
  }
  // In parallel: PostgreSQL answers on several pooled connections at once (SQLite queues them on its one).
  const fingerprints = await Promise.all(
    [...tables].sort().map(async (table) => {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      const lines = rows.rows
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) =>
            typeof value === 'bigint' ? value.toString() : value,
          ),
        )
        .sort();
      return [
        table,
        `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`,
      ] as const;
    }),
  );
  return new Map(fingerprints);
}

/** Names of the tables whose rows differ between two snapshots (row count and content fingerprint). */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
