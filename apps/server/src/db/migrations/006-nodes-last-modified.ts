import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A network's `nodes_last_modified` (wire `nodeslastmodified`) follows every change to its nodes and static nodes
 * (external clients), not only the network's creation (issue 30 item 9). Triggers stamp it in the transaction that
 * changes the node, whatever code path writes it (joins, updates, gateway and routing changes, deletes, cascades).
 * Check-ins are not changes: a node's `last_check_in` and `last_peer_update` move every minute on every host, so
 * updates that touch only those do not fire. The stamp is the database's clock, in unix seconds, and a network
 * already stamped this second is left alone: a burst of joins into one network writes (and, on PostgreSQL, locks)
 * its row once per second rather than once per node.
 */
const NODE_COLUMNS = [
  'host_id',
  'network',
  'address',
  'address6',
  'connected',
  'pending_delete',
  'action',
  'settings',
  'tags',
  'expires_at',
];
const TABLES = [
  { table: 'nodes', columns: NODE_COLUMNS },
  { table: 'ext_clients', columns: undefined },
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const nodesLastModified: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`
        CREATE FUNCTION stamp_nodes_last_modified() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN
            UPDATE networks SET nodes_last_modified = floor(extract(epoch FROM now()))
              WHERE netid = OLD.network AND nodes_last_modified < floor(extract(epoch FROM now()));
          END IF;
          IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.network IS DISTINCT FROM OLD.network) THEN
            UPDATE networks SET nodes_last_modified = floor(extract(epoch FROM now()))
              WHERE netid = NEW.network AND nodes_last_modified < floor(extract(epoch FROM now()));
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      for (const { table, columns } of TABLES) {
        const updateOf = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
        await sql
          .raw(
            `CREATE TRIGGER ${table}_stamp_network AFTER INSERT OR DELETE OR ${updateOf} ON ${table}
             FOR EACH ROW EXECUTE FUNCTION stamp_nodes_last_modified()`,
          )
          .execute(db);
      }
      return;
    }
    const now = `CAST(strftime('%s', 'now') AS INTEGER)`;
    for (const { table, columns } of TABLES) {
      const updateOf = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
      const stamp = (rows: string) =>
        `UPDATE networks SET nodes_last_modified = ${now} WHERE netid IN (${rows}) AND nodes_last_modified < ${now};`;
      await sql
        .raw(
          `CREATE TRIGGER ${table}_stamp_insert AFTER INSERT ON ${table} BEGIN ${stamp('NEW.network')} END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_stamp_delete AFTER DELETE ON ${table} BEGIN ${stamp('OLD.network')} END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_stamp_update AFTER ${updateOf} ON ${table} BEGIN ${stamp('OLD.network, NEW.network')} END`,
        )
        .execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const { table } of TABLES) {
      if (isPostgres(db))
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_stamp_network ON ${table}`).execute(db);
      else
        for (const kind of ['insert', 'delete', 'update'])
          await sql.raw(`DROP TRIGGER IF EXISTS ${table}_stamp_${kind}`).execute(db);
    }
    if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS stamp_nodes_last_modified()`.execute(db);
  },
};
