import { ZERO_UUID, parseCidr, toWireSet, type ApiExtClient, type ApiNode } from '@meshdeck/contracts';
import type { NetworkInfo } from '../nodes/nodes.public.ts';

/** `10.0.0.5/24`: a client address with its network's prefix, or '' when it has none. */
function withPrefix(address: string, range: string | undefined): string {
  const prefix = range ? parseCidr(range)?.prefix : undefined;
  return address !== '' && prefix !== undefined ? `${address}/${prefix}` : '';
}

/**
 * An external client as a "static" node of GET /api/nodes (api-contract §2.3, §4): its addresses, network and
 * tags, `connected` and the simple-rule status from `enabled` (§5.4), a user's remote-access client as a user node,
 * and the client itself (private key blanked) in `static_node`. Its id is the client id (unique on the server),
 * so the list sorts and keys by it; it has no host.
 */
export function presentStaticNode(
  client: ApiExtClient,
  network: NetworkInfo | undefined,
  server: string,
): ApiNode {
  return {
    id: client.clientid,
    hostid: ZERO_UUID,
    address: withPrefix(client.address, network?.addressrange),
    address6: withPrefix(client.address6, network?.addressrange6),
    localaddress: '',
    allowedips: null,
    lastmodified: client.lastmodified,
    expdatetime: 0,
    lastcheckin: 0,
    lastpeerupdate: 0,
    network: client.network,
    networkrange: network?.addressrange ?? '',
    networkrange6: network?.addressrange6 ?? '',
    server,
    isrelayed: false,
    isrelay: false,
    relayedby: '',
    relaynodes: [],
    isegressgateway: false,
    isingressgateway: false,
    egressgatewayranges: [],
    egressgatewaynatenabled: false,
    ingressdns: '',
    ingresspersistentkeepalive: 0,
    ingressmtu: 0,
    dnson: false,
    connected: client.enabled,
    pendingdelete: false,
    metadata: '',
    is_fail_over: false,
    fail_over_peers: toWireSet([]),
    failed_over_by: ZERO_UUID,
    isinternetgateway: false,
    inet_node_req: { inet_node_client_ids: [] },
    internetgw_node_id: '',
    additional_rag_ips: [],
    tags: client.tags,
    is_static: true,
    is_user_node: client.remote_access_client_id !== '',
    static_node: { ...client, privatekey: '' },
    status: client.enabled ? 'online' : 'offline',
  };
}
