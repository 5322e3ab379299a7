import type { Kysely, Selectable, Updateable } from 'kysely';
import { lockForWrite } from '../../db/locks.ts';
import type { Database, NodesTable } from '../../db/schema.ts';

export type NodeRow = Selectable<NodesTable>;
export type NodePatch = Updateable<NodesTable>;
/** What the status rule reads of a node. */
export type NodeCheckIn = Pick<NodeRow, 'id' | 'network' | 'host_id' | 'connected' | 'last_check_in'>;

/** SQL for nodes; the only reader and writer of the nodes table. */
export class NodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Serialises address allocation per network; call inside a transaction (the lock is held until it ends).
   * SQLite runs one write transaction at a time already; PostgreSQL holds the write_locks row lock.
   */
  async lockNetwork(netid: string): Promise<void> {
    await lockForWrite(this.db, `nodes:${netid}`);
  }

  /**
   * Addresses taken in a network (both families) by nodes and external clients, which share the range
   * (api-contract §5.1); both allocate under the same network lock.
   */
  async usedAddresses(netid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('nodes')
      .select(['address', 'address6'])
      .where('network', '=', netid)
      .unionAll(
        this.db.selectFrom('ext_clients').select(['address', 'address6']).where('network', '=', netid),
      )
      .execute();
    return rows.flatMap((row) => [row.address, row.address6].filter((a): a is string => a !== null));
  }

  /** Whether an address is in use in a network by a node or an external client (lookups on unique indexes). */
  async isAddressTaken(netid: string, column: 'address' | 'address6', address: string): Promise<boolean> {
    const node = await this.db
      .selectFrom('nodes')
      .select('id')
      .where('network', '=', netid)
      .where(column, '=', address)
      .executeTakeFirst();
    if (node) return true;
    const client = await this.db
      .selectFrom('ext_clients')
      .select('client_id')
      .where('network', '=', netid)
      .where(column, '=', address)
      .executeTakeFirst();
    return client !== undefined;
  }

  /** Inserts a node. */
  async insert(row: NodeRow): Promise<NodeRow> {
    return this.db.insertInto('nodes').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** One node by id, or undefined. */
  findById(id: string): Promise<NodeRow | undefined> {
    return this.db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every node, by id. */
  listAll(): Promise<NodeRow[]> {
    return this.db.selectFrom('nodes').selectAll().orderBy('id').execute();
  }

  /** The nodes of one network, by id. */
  listByNetwork(netid: string): Promise<NodeRow[]> {
    return this.db.selectFrom('nodes').selectAll().where('network', '=', netid).orderBy('id').execute();
  }

  /** The nodes of some hosts. */
  async listByHosts(hostIds: readonly string[]): Promise<NodeRow[]> {
    if (hostIds.length === 0) return [];
    return this.db
      .selectFrom('nodes')
      .selectAll()
      .where('host_id', 'in', hostIds)
      .orderBy('network')
      .execute();
  }

  /** Node ids per host, for host presenters; one query for any number of hosts. */
  async nodeIdsByHost(hostIds?: readonly string[]): Promise<Map<string, string[]>> {
    let query = this.db.selectFrom('nodes').select(['id', 'host_id']).orderBy('network');
    if (hostIds) {
      if (hostIds.length === 0) return new Map();
      query = query.where('host_id', 'in', hostIds);
    }
    const byHost = new Map<string, string[]>();
    for (const row of await query.execute())
      byHost.set(row.host_id, [...(byHost.get(row.host_id) ?? []), row.id]);
    return byHost;
  }

  /** Applies a patch; undefined when the node is gone. */
  update(id: string, patch: NodePatch): Promise<NodeRow | undefined> {
    return this.db.updateTable('nodes').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Deletes a node; true when it existed. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('nodes').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every node of a network and returns what was deleted. */
  async deleteByNetwork(netid: string): Promise<NodeRow[]> {
    return this.db.deleteFrom('nodes').where('network', '=', netid).returningAll().execute();
  }

  /** Number of nodes in a network. */
  async countByNetwork(netid: string): Promise<number> {
    const row = await this.db
      .selectFrom('nodes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('network', '=', netid)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Node counts of every network that has nodes, in one query. */
  async countAllByNetwork(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('nodes')
      .select(['network', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('network')
      .execute();
    return new Map(rows.map((row) => [row.network, Number(row.n)]));
  }

  /** Records when the node's agent applied a new peer update (`lastpeerupdate`); not a change of the node. */
  async markPeerUpdate(nodeId: string, at: string): Promise<void> {
    await this.db.updateTable('nodes').set({ last_peer_update: at }).where('id', '=', nodeId).execute();
  }

  /** A host's nodes as the status rule reads them (index nodes_host_network). */
  checkInsOfHost(hostId: string): Promise<NodeCheckIn[]> {
    return this.db
      .selectFrom('nodes')
      .select(['id', 'network', 'host_id', 'connected', 'last_check_in'])
      .where('host_id', '=', hostId)
      .execute();
  }

  /**
   * Connected nodes whose last check-in lies in [from, to) (ISO times, which sort as text): between two sweeps,
   * the nodes whose check-in age passed a status threshold. A range read on index nodes_last_check_in.
   */
  checkedInBetween(from: string, to: string): Promise<{ id: string; network: string }[]> {
    return this.db
      .selectFrom('nodes')
      .select(['id', 'network'])
      .where('last_check_in', '>=', from)
      .where('last_check_in', '<', to)
      .where('connected', '=', 1)
      .execute();
  }

  /** Records a check-in on every node of a host. */
  async touchCheckIn(hostId: string, at: string): Promise<void> {
    await this.db.updateTable('nodes').set({ last_check_in: at }).where('host_id', '=', hostId).execute();
  }
}
