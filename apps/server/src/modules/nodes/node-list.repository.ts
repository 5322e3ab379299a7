import { sql, type Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { tableSlices } from '../../db/slices.ts';
import { DEFAULT_NODE_SETTINGS } from './node-fields.ts';

/** The settings text of a node that is no gateway, relay or failover (what membership.ts writes for most nodes). */
const DEFAULT_SETTINGS_TEXT = JSON.stringify(DEFAULT_NODE_SETTINGS);

/** The columns a node list row needs: the node and its host's name, endpoint, key and NAT setting. */
export interface NodeListRow {
  id: string;
  host_id: string;
  network: string;
  address: string | null;
  address6: string | null;
  connected: number;
  pending_delete: number;
  /** The node's settings JSON, or '' when they are the defaults. */
  settings: string;
  /** The node's tag ids, a JSON array. */
  tags: string;
  last_check_in: string;
  name: string;
  endpoint_ip: string;
  endpoint_ip6: string;
  public_key: string;
  /** 1 when the host's NAT type is a real NAT (not '' or 'public'). */
  is_behind_nat: number;
  /** The host's OS (routing roles need Linux). */
  os: string;
  /** 1 when the host reports a firewall (iptables or nftables), which an internet gateway needs. */
  has_firewall: number;
}

export interface NodeListSelection {
  network: string;
  hostId?: string | undefined;
  ids?: readonly string[] | undefined;
}

/** SQL for the lean node list: one join, only the columns the console's rows show. */
export class NodeListRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Node rows of a network joined to their hosts, by host name then id; optionally one host's or some ids. */
  async rows(selection: NodeListSelection): Promise<NodeListRow[]> {
    if (selection.ids?.length === 0) return [];
    let query = this.select().where('nodes.network', '=', selection.network);
    if (selection.hostId !== undefined) query = query.where('nodes.host_id', '=', selection.hostId);
    if (selection.ids) query = query.where('nodes.id', 'in', selection.ids);
    return query.orderBy('hosts.name').orderBy('nodes.id').execute();
  }

  /** Every node row of every network (the Prometheus exposition reads them once per scrape). */
  async everyRow(): Promise<NodeListRow[]> {
    return this.select().orderBy('nodes.network').orderBy('nodes.id').execute();
  }

  /** Every node row of a network, a slice of at most `size` rows at a time (db/slices.ts). */
  sliced(network: string, size: number): AsyncGenerator<NodeListRow[]> {
    // On SQLite `+` keeps the read off the network index, which would visit the rows out of table order.
    const column = this.engine === 'sqlite' ? sql`+nodes.network` : sql.ref('nodes.network');
    return tableSlices(this.engine, this.select().where(column, '=', network), 'nodes', size);
  }

  private select() {
    return this.db
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
        'nodes.last_check_in',
        'nodes.tags',
        'hosts.name',
        'hosts.endpoint_ip',
        'hosts.endpoint_ip6',
        'hosts.public_key',
        // Only what the flags need comes back, not two ~500-byte JSON texts per row (a third of the query's CPU at
        // 100,000 rows). Settings are always written by JSON.stringify, so the NAT type reads `"nat_type":"..."`.
        sql<string>`case when nodes.settings = ${DEFAULT_SETTINGS_TEXT} then '' else nodes.settings end`.as(
          'settings',
        ),
        sql<number>`case when hosts.settings like '%"nat_type":"%' and hosts.settings not like '%"nat_type":""%' and hosts.settings not like '%"nat_type":"public"%' then 1 else 0 end`.as(
          'is_behind_nat',
        ),
        'hosts.os',
        sql<number>`case when hosts.settings like '%"firewallinuse":"iptables"%' or hosts.settings like '%"firewallinuse":"nftables"%' then 1 else 0 end`.as(
          'has_firewall',
        ),
      ]);
  }
}
