import {
  toApiEgressRange,
  ZERO_UUID,
  parseCidr,
  toIpNet,
  toWireSet,
  EMPTY_EXT_CLIENT,
  EMPTY_IP_NET,
  type ApiNode,
  type IpNet,
  type NodeStatus,
  type RawNode,
} from '@meshdeck/contracts';
import type { NetworkInfo } from '../networks/networks.public.ts';
import { nodeSettings, nodeTags } from './node-fields.ts';
import type { NodeRow } from './nodes.repository.ts';

const unix = (iso: string | null): number => (iso ? Math.floor(Date.parse(iso) / 1000) : 0);
const prefixOf = (range: string | undefined): number | undefined =>
  range ? parseCidr(range)?.prefix : undefined;

/** `10.0.0.5/24`: the node address with its network's prefix, or '' when it has none. */
function withPrefix(address: string | null, range: string | undefined): string {
  const prefix = prefixOf(range);
  return address && prefix !== undefined ? `${address}/${prefix}` : '';
}

function rangeNet(range: string | undefined): IpNet {
  const cidr = range ? parseCidr(range) : undefined;
  return cidr ? toIpNet(range?.split('/')[0], cidr.prefix) : EMPTY_IP_NET;
}

/** A stored node in the dashboard's ApiNode form, with its status by the server's clock (NodeHealth). */
export function presentApiNode(
  row: NodeRow,
  network: NetworkInfo | undefined,
  server: string,
  status: NodeStatus,
): ApiNode {
  const s = nodeSettings(row);
  return {
    id: row.id,
    hostid: row.host_id,
    address: withPrefix(row.address, network?.addressrange),
    address6: withPrefix(row.address6, network?.addressrange6),
    localaddress: '',
    allowedips: null,
    lastmodified: unix(row.updated_at),
    expdatetime: unix(row.expires_at),
    lastcheckin: unix(row.last_check_in),
    lastpeerupdate: unix(row.last_peer_update),
    network: row.network,
    networkrange: network?.addressrange ?? '',
    networkrange6: network?.addressrange6 ?? '',
    server,
    isrelayed: s.isrelayed,
    isrelay: s.isrelay,
    relayedby: s.relayedby,
    relaynodes: s.relaynodes,
    isegressgateway: s.isegressgateway,
    isingressgateway: s.isingressgateway,
    egressgatewayranges: s.egressgatewayranges,
    egressgatewaynatenabled: s.egressgatewaynatenabled,
    egressgatewayranges_with_metric: s.egressgatewayranges_with_metric.map(toApiEgressRange),
    ingressdns: s.ingressdns,
    ingresspersistentkeepalive: s.ingresspersistentkeepalive,
    ingressmtu: s.ingressmtu,
    dnson: s.dnson,
    connected: row.connected === 1,
    pendingdelete: row.pending_delete === 1,
    metadata: s.metadata,
    is_fail_over: s.is_fail_over,
    fail_over_peers: toWireSet(s.fail_over_peers),
    failed_over_by: s.failed_over_by || ZERO_UUID,
    isinternetgateway: s.isinternetgateway,
    inet_node_req: { inet_node_client_ids: s.inet_node_client_ids },
    internetgw_node_id: s.internetgw_node_id,
    additional_rag_ips: s.additional_rag_ips,
    tags: toWireSet(nodeTags(row)),
    is_static: false,
    is_user_node: false,
    static_node: EMPTY_EXT_CLIENT,
    status,
    ...(row.action === 'pending' ? { action: 'pending' as const } : {}),
  };
}

/** A stored node in the agents' raw form: addresses as IPNet with the network mask, times as RFC3339. */
export function presentRawNode(row: NodeRow, network: NetworkInfo | undefined, server: string): RawNode {
  const s = nodeSettings(row);
  const zero = '0001-01-01T00:00:00Z';
  return {
    id: row.id,
    hostid: row.host_id,
    network: row.network,
    networkrange: rangeNet(network?.addressrange),
    networkrange6: rangeNet(network?.addressrange6),
    server,
    connected: row.connected === 1,
    address: row.address ? toIpNet(row.address, prefixOf(network?.addressrange) ?? 32) : EMPTY_IP_NET,
    address6: row.address6 ? toIpNet(row.address6, prefixOf(network?.addressrange6) ?? 128) : EMPTY_IP_NET,
    action:
      row.action === 'delete' || row.action === 'force' || row.action === 'pending' ? row.action : 'noop',
    localaddress: EMPTY_IP_NET,
    isegressgateway: s.isegressgateway,
    egressgatewayranges: s.egressgatewayranges,
    isingressgateway: s.isingressgateway,
    isrelayed: s.isrelayed,
    relayedby: s.relayedby,
    isrelay: s.isrelay,
    relaynodes: s.relaynodes,
    ingressdns: s.ingressdns,
    egressgatewaynatenabled: s.egressgatewaynatenabled,
    egressgatewayranges_with_metric: s.egressgatewayranges_with_metric.map(toApiEgressRange),
    isinternetgateway: s.isinternetgateway,
    inet_node_req: { inet_node_client_ids: s.inet_node_client_ids },
    internetgw_node_id: s.internetgw_node_id,
    is_fail_over: s.is_fail_over,
    fail_over_peers: toWireSet(s.fail_over_peers),
    failed_over_by: s.failed_over_by || ZERO_UUID,
    pendingdelete: row.pending_delete === 1,
    lastmodified: row.updated_at,
    lastcheckin: row.last_check_in,
    lastpeerupdate: row.last_peer_update ?? zero,
    expdatetime: row.expires_at,
    metadata: s.metadata,
    tags: toWireSet(nodeTags(row)),
  };
}
