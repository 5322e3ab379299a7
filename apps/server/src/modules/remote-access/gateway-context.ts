import { isIPv6Address } from '@meshdeck/contracts';
import type { HostRow } from '../hosts/hosts.public.ts';
import type { NetworkInfo, NodeRow } from '../nodes/nodes.public.ts';
import { nodeSettings, type NodeSettings } from '../nodes/nodes.public.ts';

/** Everything a client's config and wire form need to know about its gateway. */
export interface GatewayContext {
  node: NodeRow;
  settings: NodeSettings;
  host: HostRow;
  network: NetworkInfo;
  /** Egress ranges of the network's egress gateways: clients reach them through the gateway too. */
  egressRanges: string[];
}

export const DEFAULT_GATEWAY_MTU = 1420;
export const DEFAULT_GATEWAY_KEEPALIVE = 20;

export function gatewayContext(
  node: NodeRow,
  host: HostRow,
  network: NetworkInfo,
  networkNodes: readonly NodeRow[],
): GatewayContext {
  const egressRanges = networkNodes.flatMap((n) => {
    const s = nodeSettings(n);
    return s.isegressgateway ? s.egressgatewayranges : [];
  });
  return { node, settings: nodeSettings(node), host, network, egressRanges: [...new Set(egressRanges)] };
}

/** The gateway's WireGuard port as clients dial it: the public (NAT) port unless the port is static (§5.6). */
export const gatewayPort = (host: HostRow): number =>
  host.is_static_port === 1 || host.public_listen_port === 0 ? host.listen_port : host.public_listen_port;

/** IPs a client may dial the gateway on: its public endpoints plus the additional remote-access-gateway IPs. */
export const allowedEndpoints = (gw: GatewayContext): string[] =>
  [gw.host.endpoint_ip, gw.host.endpoint_ip6, ...gw.settings.additional_rag_ips].filter((ip) => ip !== '');

/** `ip:port`, `[v6]:port`, or '' when the gateway has no public IP yet. */
export function endpointText(gw: GatewayContext, preferredIp?: string): string {
  const ip = preferredIp || gw.host.endpoint_ip || gw.host.endpoint_ip6;
  if (!ip) return '';
  return isIPv6Address(ip) ? `[${ip}]:${gatewayPort(gw.host)}` : `${ip}:${gatewayPort(gw.host)}`;
}

/** The client's AllowedIPs towards the gateway: everything for an internet gateway, else the mesh and its egress. */
export function clientAllowedIps(gw: GatewayContext): string[] {
  if (gw.settings.isinternetgateway) return gw.network.addressrange6 ? ['0.0.0.0/0', '::/0'] : ['0.0.0.0/0'];
  return [gw.network.addressrange, gw.network.addressrange6, ...gw.egressRanges].filter((r) => r !== '');
}
