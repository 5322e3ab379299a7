import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DatabaseEngine } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export interface HostListRow {
  id: string;
  name: string;
  endpoint_ip: string;
  endpoint_ip6: string;
  public_key: string;
  listen_port: number;
  version: string;
  settings: string;
}

export interface HostNodeRow {
  id: string;
  host_id: string;
  network: string;
  address: string | null;
  address6: string | null;
  connected: number;
  last_check_in: string;
}

const NODE_COLUMNS = [
  'id',
  'host_id',
  'network',
  'address',
  'address6',
  'connected',
  'last_check_in',
] as const;

/** SQL for the lean host list: the hosts' shown columns and the few node columns their status needs. */
export class HostListRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Hosts by name then id, optionally only some ids. */
  async hosts(ids?: readonly string[]): Promise<HostListRow[]> {
    if (ids?.length === 0) return [];
    let query = this.hostColumns();
    if (ids) query = query.where('id', 'in', ids);
    return query.orderBy('name').orderBy('id').execute();
  }

  private hostColumns() {
    return this.db
      .selectFrom('hosts')
      .select([
        'id',
        'name',
        'endpoint_ip',
        'endpoint_ip6',
        'public_key',
        'listen_port',
        'version',
        'settings',
      ]);
  }

  /** Every host, a slice of at most `size` at a time (in table order on SQLite, as NodeListRepository.sliced). */
  sliced(size: number): AsyncGenerator<HostListRow[]> {
    return this.slices(this.hostColumns(), 'hosts', size);
  }

  /** Every node's status columns, a slice of at most `size` at a time. */
  slicedNodes(size: number): AsyncGenerator<HostNodeRow[]> {
    return this.slices(this.db.selectFrom('nodes').select(NODE_COLUMNS), 'nodes', size);
  }

  private async *slices<Row>(
    query: SelectQueryBuilder<Database, 'hosts' | 'nodes', Row>,
    table: 'hosts' | 'nodes',
    size: number,
  ): AsyncGenerator<Row[]> {
    if (this.engine === 'postgres') {
      yield await query.execute();
      return;
    }
    for (let after = 0; ;) {
      const slice = await query
        .select(sql<number>`${sql.ref(`${table}.rowid`)}`.as('slice_key'))
        .where(sql.ref(`${table}.rowid`), '>', after)
        .orderBy(sql.ref(`${table}.rowid`))
        .limit(size)
        .execute();
      if (slice.length > 0) yield slice;
      const last = slice.at(-1);
      if (slice.length < size || !last) return;
      after = last.slice_key;
    }
  }

  /** The nodes of the given hosts (all nodes when no ids), by network. */
  async nodes(hostIds?: readonly string[]): Promise<HostNodeRow[]> {
    if (hostIds?.length === 0) return [];
    let query = this.db.selectFrom('nodes').select(NODE_COLUMNS);
    if (hostIds) query = query.where('host_id', 'in', hostIds);
    return query.orderBy('network').execute();
  }
}
