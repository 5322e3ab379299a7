import type { Kysely, Selectable } from 'kysely';
import { lockForWrite } from '../../db/locks.ts';
import type { Database, NodesTable } from '../../db/schema.ts';

export type RoutingNodeRow = Selectable<NodesTable>;

/** The host fields the routing rules read (api-contract §5.6: OS, firewall, default host). */
export interface RoutingHostRow {
  id: string;
  name: string;
  os: string;
  /** JSON HostSettings; the rules read `firewallinuse` and `isdefault`. */
  settings: string;
}

/** One network's nodes and their hosts, read and written inside one transaction. */
export interface NetworkRows {
  nodes: RoutingNodeRow[];
  hosts: Map<string, RoutingHostRow>;
}

// Node settings JSON that names another node: a relay, an internet gateway or a failover pair. JSON.stringify
// writes no spaces, so an id is set when `"key":"` is not followed by the closing quote, a list when `"key":["`.
const REFERENCE_IDS = ['relayedby', 'internetgw_node_id', 'failed_over_by'];
const REFERENCE_LISTS = ['relaynodes', 'inet_node_client_ids', 'fail_over_peers'];

async function loadNetwork(db: Kysely<Database>, netid: string): Promise<NetworkRows> {
  const nodes = await db.selectFrom('nodes').selectAll().where('network', '=', netid).execute();
  const hostIds = [...new Set(nodes.map((n) => n.host_id))];
  const hosts =
    hostIds.length === 0
      ? []
      : await db
          .selectFrom('hosts')
          .select(['id', 'name', 'os', 'settings'])
          .where('id', 'in', hostIds)
          .execute();
  return { nodes, hosts: new Map(hosts.map((h) => [h.id, h])) };
}

/**
 * SQL for routing roles. They live in the nodes' JSON `settings` (the fields ApiNode shows), so this module reads
 * and writes that column; every write happens under the network's node lock, in one transaction.
 */
export class RoutingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` on the network's rows in one transaction holding the network's node lock. */
  async inNetwork<T>(
    netid: string,
    work: (
      rows: NetworkRows,
      write: (nodeId: string, settings: string) => Promise<RoutingNodeRow>,
    ) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockForWrite(trx, `nodes:${netid}`);
      const rows = await loadNetwork(trx, netid);
      const updatedAt = new Date().toISOString();
      const write = (nodeId: string, settings: string) =>
        trx
          .updateTable('nodes')
          .set({ settings, updated_at: updatedAt })
          .where('id', '=', nodeId)
          .returningAll()
          .executeTakeFirstOrThrow();
      return work(rows, write);
    });
  }

  /** The network's rows as they are now, without a transaction (checks that write nothing). */
  read(netid: string): Promise<NetworkRows> {
    return loadNetwork(this.db, netid);
  }

  /** Whether a host exists. */
  async hostExists(hostId: string): Promise<boolean> {
    const row = await this.db.selectFrom('hosts').select('id').where('id', '=', hostId).executeTakeFirst();
    return row !== undefined;
  }

  /** The network of a node, or undefined when the node does not exist. */
  async networkOf(nodeId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('nodes')
      .select('network')
      .where('id', '=', nodeId)
      .executeTakeFirst();
    return row?.network;
  }

  /** Whether a node's settings name a relay or an internet gateway (a node that joined with a relay key). */
  async namesRoutingNode(nodeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('nodes')
      .select('settings')
      .where('id', '=', nodeId)
      .executeTakeFirst();
    return row !== undefined && /"(relayedby|internetgw_node_id)":"[^"]/.test(row.settings);
  }

  /** Networks where some node's settings name another node (the candidates for a clean-up after deletes). */
  async networksWithReferences(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('nodes')
      .select('network')
      .distinct()
      .where((eb) =>
        eb.or([
          ...REFERENCE_IDS.map((key) =>
            eb.and([eb('settings', 'like', `%"${key}":"%`), eb('settings', 'not like', `%"${key}":""%`)]),
          ),
          ...REFERENCE_LISTS.map((key) => eb('settings', 'like', `%"${key}":["%`)),
        ]),
      )
      .execute();
    return rows.map((row) => row.network);
  }
}
