import type { ApiExtClient, NodeStatus, UserRag, UserRemoteGw } from '@meshdeck/contracts';
import { presentExtClient } from './ext-clients.presenter.ts';
import type { ExtClientRow } from './ext-clients.repository.ts';
import {
  allowedEndpoints,
  clientAllowedIps,
  endpointText,
  gatewayPort,
  type GatewayContext,
} from './gateway-context.ts';

/** UserRAGs: the short form of a gateway for the remote-access client (api-contract §3.12). */
export const presentUserRag = (gw: GatewayContext): UserRag => ({
  remote_access_gw_id: gw.node.id,
  gw_name: gw.host.name,
  network: gw.node.network,
  connected: gw.node.connected === 1,
  is_internet_gateway: gw.settings.isinternetgateway,
  metadata: gw.settings.metadata,
});

/** An ExtClient with nothing in it: a gateway the user has no client on yet (the RAC creates one on connect). */
const blankClient = (gw: GatewayContext): ApiExtClient => ({
  clientid: '',
  privatekey: '',
  publickey: '',
  network: gw.node.network,
  address: '',
  address6: '',
  dns: '',
  extraallowedips: [],
  allowed_ips: [],
  ingressgatewayid: gw.node.id,
  ingressgatewayendpoint: endpointText(gw),
  lastmodified: 0,
  enabled: false,
  ownerid: '',
  deniednodeacls: {},
  remote_access_client_id: '',
  postup: '',
  postdown: '',
  tags: {},
  os: '',
  device_name: '',
  public_endpoint: '',
  country: '',
});

/** UserRemoteGws: a gateway with the caller's client on it, as the remote-access client needs it (§3.12). */
export function presentUserRemoteGw(
  gw: GatewayContext,
  client: ExtClientRow | undefined,
  status: NodeStatus,
): UserRemoteGw {
  const allowed = clientAllowedIps(gw);
  return {
    ...presentUserRag(gw),
    gw_client: client
      ? presentExtClient(client, {
          blankPrivateKey: false,
          gatewayEndpoint: endpointText(gw),
          allowedIps: allowed,
          defaultDns: gw.settings.ingressdns,
        })
      : blankClient(gw),
    gw_peer_public_key: gw.host.public_key,
    gw_listen_port: gatewayPort(gw.host),
    allowed_endpoints: allowedEndpoints(gw),
    network_addresses: [gw.network.addressrange, gw.network.addressrange6],
    status,
    manage_dns: false,
    dns_address: gw.settings.ingressdns,
    addresses: [gw.node.address && `${gw.node.address}/32`, gw.node.address6 && `${gw.node.address6}/128`]
      .filter(Boolean)
      .join(','),
    match_domains: [],
    search_domains: [],
    nameservers: [],
  };
}
