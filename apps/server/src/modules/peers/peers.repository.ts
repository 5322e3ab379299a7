import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ClientPeerRow } from './client-peers.ts';

/** One node with the host fields peer computation needs: one row per network membership. */
export interface MemberRow {
  node_id: string;
  host_id: string;
  network: string;
  address: string | null;
  address6: string | null;
  connected: number;
  pending_delete: number;
  last_check_in: string;
  public_key: string;
  endpoint_ip: string;
  endpoint_ip6: string;
  listen_port: number;
  public_listen_port: number;
  is_static_port: number;
  keepalive_seconds: number;
  host_name: string;
  /** The node's JSON settings: relay, egress, internet-gateway and failover roles (routing-index.ts). */
  settings: string;
  /** The network's ranges ('' when the family is off). */
  network_range: string;
  network_range6: string;
  /** The network's `internetfailmode` ('closed' when absent). */
  internet_fail_mode?: string;
}

// Node settings are JSON written by JSON.stringify, so a flag reads `"key":true` without spaces; an id field is
// set when `"key":"` is not followed by the closing quote.
const ROLE_FLAGS = ['isrelay', 'isrelayed', 'isegressgateway', 'isinternetgateway', 'is_fail_over'];
const ROLE_IDS = ['internetgw_node_id'];
const ROLE_LISTS = ['fail_over_peers'];

/** SQL for peer computation: members of networks in one joined query. */
export class PeersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every node of the given networks with its host's WireGuard fields (only of `hostIds` when given). */
  async listMembers(networks: readonly string[], hostIds?: readonly string[]): Promise<MemberRow[]> {
    if (networks.length === 0 || hostIds?.length === 0) return [];
    const query = this.db
      .selectFrom('nodes')
      .innerJoin('hosts', 'hosts.id', 'nodes.host_id')
      .innerJoin('networks', 'networks.netid', 'nodes.network')
      .select([
        'nodes.id as node_id',
        'nodes.host_id',
        'nodes.network',
        'nodes.address',
        'nodes.address6',
        'nodes.connected',
        'nodes.pending_delete',
        'nodes.last_check_in',
        'hosts.public_key',
        'hosts.endpoint_ip',
        'hosts.endpoint_ip6',
        'hosts.listen_port',
        'hosts.public_listen_port',
        'hosts.is_static_port',
        'hosts.keepalive_seconds',
        'hosts.name as host_name',
        'nodes.settings',
        'networks.address_range as network_range',
        'networks.address_range6 as network_range6',
        'networks.internet_fail_mode',
      ])
      .where('nodes.network', 'in', networks);
    return (hostIds ? query.where('nodes.host_id', 'in', hostIds) : query).execute();
  }

  /** Enabled external clients of the given networks (gateways get them as peers, their peers get their ranges). */
  async listClients(networks: readonly string[]): Promise<ClientPeerRow[]> {
    if (networks.length === 0) return [];
    return this.db
      .selectFrom('ext_clients')
      .select([
        'client_id',
        'gateway_node_id',
        'network',
        'address',
        'address6',
        'public_key',
        'extra_allowed_ips',
      ])
      .where('network', 'in', networks)
      .where('enabled', '=', 1)
      .execute();
  }

  /** Which of these networks have a node with a routing role (relay, relayed, egress or internet gateway, failover). */
  async networksWithRoutingRoles(networks: readonly string[]): Promise<Set<string>> {
    if (networks.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('nodes')
      .select('network')
      .distinct()
      .where('network', 'in', networks)
      .where((eb) =>
        eb.or([
          ...ROLE_FLAGS.map((key) => eb('settings', 'like', `%"${key}":true%`)),
          ...ROLE_IDS.map((key) =>
            eb.and([eb('settings', 'like', `%"${key}":"%`), eb('settings', 'not like', `%"${key}":""%`)]),
          ),
          ...ROLE_LISTS.map((key) => eb('settings', 'like', `%"${key}":["%`)),
        ]),
      )
      .execute();
    return new Set(rows.map((row) => row.network));
  }

  /** Networks the given hosts are members of. */
  async networksOfHosts(hostIds: readonly string[]): Promise<string[]> {
    if (hostIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('nodes')
      .select('network')
      .distinct()
      .where('host_id', 'in', hostIds)
      .execute();
    return rows.map((row) => row.network);
  }

  /** Public keys (base64) of the given hosts that still exist. */
  async publicKeys(hostIds: readonly string[]): Promise<Map<string, string>> {
    if (hostIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('hosts')
      .select(['id', 'public_key'])
      .where('id', 'in', hostIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row.public_key]));
  }

  /** The owner's stored term and this host's version in it (replicas, decision 063); undefined before any owner. */
  async peerSync(hostId: string): Promise<{ epoch: string; version: number } | undefined> {
    const row = await this.db
      .selectFrom('work_leases as l')
      .leftJoin('peer_sync as s', (join) => join.on('s.host_id', '=', hostId).onRef('s.term', '=', 'l.term'))
      .select(['l.term', 's.version'])
      .where('l.name', '=', 'work')
      .executeTakeFirst();
    return row ? { epoch: row.term, version: row.version ?? 0 } : undefined;
  }

  /** Stores the versions the owner issued in its term; rows of earlier terms are replaced as hosts are sent to. */
  async writePeerSync(term: string, versions: readonly [string, number][]): Promise<void> {
    for (let i = 0; i < versions.length; i += 2000) {
      const rows = versions.slice(i, i + 2000).map(([host_id, version]) => ({ host_id, term, version }));
      await this.db
        .insertInto('peer_sync')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('host_id')
            .doUpdateSet((eb) => ({ term: eb.ref('excluded.term'), version: eb.ref('excluded.version') })),
        )
        .execute();
    }
  }
}
