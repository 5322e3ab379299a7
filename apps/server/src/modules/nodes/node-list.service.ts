import {
  ZERO_UUID,
  compareNodeItems,
  nodeMatcher,
  parseCidr,
  type ListPage,
  type NodeFlag,
  type NodeListItem,
  type NodeListQuery,
} from '@meshdeck/contracts';
import { notFound } from '../../lib/api-error.ts';
import { hostSettings } from '../hosts/host-fields.ts';
import type { NetworkDirectory } from './network-directory.ts';
import { nodeSettings } from './node-fields.ts';
import type { NodeListRepository, NodeListRow } from './node-list.repository.ts';
import { nodeStatus } from './node-status.ts';

const unix = (iso: string | null): number => (iso ? Math.floor(Date.parse(iso) / 1000) : 0);

function flagsOf(row: NodeListRow): NodeFlag[] {
  const s = nodeSettings(row);
  const nat = hostSettings({ settings: row.host_settings }).nat_type;
  const flags: NodeFlag[] = [];
  if (s.isrelay) flags.push('relay');
  if (s.isrelayed || (s.relayedby !== '' && s.relayedby !== ZERO_UUID)) flags.push('relayed');
  if (s.isegressgateway) flags.push('egress');
  if (s.isingressgateway) flags.push('ingress');
  if (s.isinternetgateway) flags.push('internetGateway');
  if (s.is_fail_over) flags.push('failover');
  if (nat !== '' && nat !== 'public') flags.push('behindNat');
  if (row.pending_delete === 1) flags.push('removing');
  return flags;
}

/** The console's node rows (Meshdeck list route): filtered, sorted and paged with the shared contract rules. */
export class NodeListService {
  constructor(
    private readonly rows: NodeListRepository,
    private readonly networks: NetworkDirectory,
  ) {}

  /** One page of a network's node rows matching the query; total counts every match. */
  async list(netid: string, query: NodeListQuery, now = new Date()): Promise<ListPage<NodeListItem>> {
    const network = await this.networks.find(netid);
    if (!network) throw notFound(`network ${netid} not found`);
    const prefix = parseCidr(network.addressrange)?.prefix;
    const prefix6 = parseCidr(network.addressrange6)?.prefix;
    const rows = await this.rows.rows({ network: netid, hostId: query.host, ids: query.ids });
    const items = rows.map((row): NodeListItem => ({
      id: row.id,
      hostId: row.host_id,
      network: row.network,
      name: row.name,
      address: row.address && prefix !== undefined ? `${row.address}/${prefix}` : '',
      address6: row.address6 && prefix6 !== undefined ? `${row.address6}/${prefix6}` : '',
      endpoint: row.endpoint_ip || row.endpoint_ip6,
      publicKey: row.public_key,
      status: nodeStatus(row, now),
      lastCheckIn: unix(row.last_check_in),
      isConnected: row.connected === 1,
      flags: flagsOf(row),
    }));
    const matching = items.filter(nodeMatcher(query)).sort(compareNodeItems(query.sort));
    const offset = query.offset ?? 0;
    return {
      total: matching.length,
      offset,
      items: matching.slice(offset, query.limit === undefined ? undefined : offset + query.limit),
    };
  }
}
