import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/client.ts';
import { tableSlices } from '../../db/slices.ts';
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

  /** Every host, a slice of at most `size` at a time (db/slices.ts). */
  sliced(size: number): AsyncGenerator<HostListRow[]> {
    return tableSlices(this.engine, this.hostColumns(), 'hosts', size);
  }

  /** Every node's status columns, a slice of at most `size` at a time. */
  slicedNodes(size: number): AsyncGenerator<HostNodeRow[]> {
    return tableSlices(this.engine, this.db.selectFrom('nodes').select(NODE_COLUMNS), 'nodes', size);
  }

  /** The nodes of the given hosts (all nodes when no ids), by network. */
  async nodes(hostIds?: readonly string[]): Promise<HostNodeRow[]> {
    if (hostIds?.length === 0) return [];
    let query = this.db.selectFrom('nodes').select(NODE_COLUMNS);
    if (hostIds) query = query.where('host_id', 'in', hostIds);
    return query.orderBy('network').execute();
  }
}
