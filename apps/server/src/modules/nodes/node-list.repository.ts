import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The columns a node list row needs: the node and its host's name, endpoint, key and NAT setting. */
export interface NodeListRow {
  id: string;
  host_id: string;
  network: string;
  address: string | null;
  address6: string | null;
  connected: number;
  pending_delete: number;
  settings: string;
  last_check_in: string;
  name: string;
  endpoint_ip: string;
  endpoint_ip6: string;
  public_key: string;
  host_settings: string;
}

export interface NodeListSelection {
  network: string;
  hostId?: string | undefined;
  ids?: readonly string[] | undefined;
}

/** SQL for the lean node list: one join, only the columns the console's rows show. */
export class NodeListRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Node rows of a network joined to their hosts, by host name then id; optionally one host's or some ids. */
  async rows(selection: NodeListSelection): Promise<NodeListRow[]> {
    if (selection.ids?.length === 0) return [];
    let query = this.db
      .selectFrom('nodes')
      .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
      .select([
        'nodes.id',
        'nodes.host_id',
        'nodes.network',
        'nodes.address',
        'nodes.address6',
        'nodes.connected',
        'nodes.pending_delete',
        'nodes.settings',
        'nodes.last_check_in',
        'hosts.name',
        'hosts.endpoint_ip',
        'hosts.endpoint_ip6',
        'hosts.public_key',
        'hosts.settings as host_settings',
      ])
      .where('nodes.network', '=', selection.network);
    if (selection.hostId !== undefined) query = query.where('nodes.host_id', '=', selection.hostId);
    if (selection.ids) query = query.where('nodes.id', 'in', selection.ids);
    return query.orderBy('hosts.name').orderBy('nodes.id').execute();
  }
}
