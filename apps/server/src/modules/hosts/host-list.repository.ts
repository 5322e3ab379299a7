import type { Kysely } from 'kysely';
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

/** SQL for the lean host list: the hosts' shown columns and the few node columns their status needs. */
export class HostListRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Hosts by name then id, optionally only some ids. */
  async hosts(ids?: readonly string[]): Promise<HostListRow[]> {
    if (ids?.length === 0) return [];
    let query = this.db
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
    if (ids) query = query.where('id', 'in', ids);
    return query.orderBy('name').orderBy('id').execute();
  }

  /** The nodes of the given hosts (all nodes when no ids), by network. */
  async nodes(hostIds?: readonly string[]): Promise<HostNodeRow[]> {
    if (hostIds?.length === 0) return [];
    let query = this.db
      .selectFrom('nodes')
      .select(['id', 'host_id', 'network', 'address', 'address6', 'connected', 'last_check_in']);
    if (hostIds) query = query.where('host_id', 'in', hostIds);
    return query.orderBy('network').execute();
  }
}
