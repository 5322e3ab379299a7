import {
  EMPTY_HOST_ROUTING,
  wgKeyFromBase64,
  type EgressInfo,
  type EgressNetworkRoute,
  type HostRouting,
} from '@meshdeck/contracts';
import type { MemberIndex } from './peer-compute.ts';
import type { MemberRow } from './peers.repository.ts';

const isActive = (node: MemberRow) => node.connected === 1 && node.pending_delete === 0;

/**
 * The peer whose entry carries traffic from `receiver` to `target`: its relay when the receiver is relayed, the
 * target's relay when the target is relayed, the failover node of a failed-over pair, else the target itself.
 */
function carrier(receiver: MemberRow, target: MemberRow, index: MemberIndex): MemberRow {
  const routing = index.routing;
  return (
    routing.relayOf(receiver) ??
    (routing.relayOf(target)?.node_id === receiver.node_id ? undefined : routing.relayOf(target)) ??
    routing.failoverOf(receiver, target) ??
    target
  );
}

/**
 * A host's whole routing state (api-contract §3.14.3 HostPeerUpdate / HostPull; contracts `hostRoutingSchema`):
 * for each of its active nodes, the egress gateways it may use (with metric, NAT and the peer carrying them),
 * its internet gateway, and what it forwards itself. O(gateways in its networks); plain meshes return a constant.
 */
export function hostRouting(hostId: string, index: MemberIndex): HostRouting {
  const routing = index.routing;
  const active = index.activeNetworks.get(hostId);
  const own = (index.byHost.get(hostId) ?? []).filter(
    (n) => active?.has(n.network) && routing.networks.has(n.network),
  );
  if (own.length === 0) return EMPTY_HOST_ROUTING;
  const result: HostRouting = {
    ...EMPTY_HOST_ROUTING,
    egress_network_routes: [],
    fw_update: { ...EMPTY_HOST_ROUTING.fw_update, egress_info: {}, inet_gw_ranges: [] },
  };
  for (const node of own) {
    const roles = routing.roles(node.node_id);
    const gateway = routing.internetGatewayOf(node);
    if (gateway && !result.change_default_gw) {
      const peer = carrier(node, gateway, index);
      result.change_default_gw = true;
      result.default_gw_ip = gateway.address ?? '';
      result.default_gw_ip6 = gateway.address6 ?? '';
      result.inet_gw_peer_key = wgKeyFromBase64(peer.public_key) ?? null;
    }
    if (roles?.isInternetGateway) {
      result.is_inet_gw = true;
      result.fw_update.is_inet_gw = true;
      for (const range of [node.network_range, node.network_range6])
        if (range) result.fw_update.inet_gw_ranges.push(range);
    }
    if ((roles?.isRelay && routing.relayedBy(node.node_id).length > 0) || roles?.isFailover)
      result.fw_update.is_relay = true;
    if (roles && roles.egress.length > 0) {
      result.fw_update.is_egress_gw = true;
      result.fw_update.egress_info[node.node_id] = egressInfo(node, roles.egress);
    }
    for (const router of routing.routers(node.network)) {
      if (router.host_id === hostId || !isActive(router)) continue;
      const route = egressRoute(node, router, index);
      if (route) result.egress_network_routes.push(route);
    }
  }
  if (result.is_inet_gw) result.fw_update.inet_gw_ranges = [...new Set(result.fw_update.inet_gw_ranges)];
  return result;
}

function egressRoute(
  receiver: MemberRow,
  router: MemberRow,
  index: MemberIndex,
): EgressNetworkRoute | undefined {
  const ranges = index.routing.usableRanges(router, receiver);
  if (ranges.length === 0) return undefined;
  const peer = carrier(receiver, router, index);
  const key = wgKeyFromBase64(peer.public_key);
  if (!key) return undefined;
  return {
    peer_key: key,
    egress_gw_addr: router.address ?? '',
    egress_gw_addr6: router.address6 ?? '',
    node_addr: receiver.address ?? '',
    node_addr6: receiver.address6 ?? '',
    egress_ranges: ranges.map((r) => r.network),
    egress_ranges_metric: ranges.map((r) => ({
      network: r.network,
      route_metric: r.route_metric,
      nat: r.nat,
    })),
    network: receiver.network,
    node_id: router.node_id,
    host_id: router.host_id,
    active_ranges: ranges
      .filter((r) => index.routing.isChosen(router.network, r.network, router.node_id))
      .map((r) => r.network),
  };
}

function egressInfo(
  node: MemberRow,
  ranges: readonly { network: string; route_metric: number; nat: boolean }[],
): EgressInfo {
  return {
    egress_id: node.node_id,
    network: node.network_range,
    egress_gw_addr: node.address ?? '',
    network6: node.network_range6,
    egress_gw_addr6: node.address6 ?? '',
    egress_gateway_cfg: {
      ranges: ranges.map((r) => r.network),
      ranges_with_metric: ranges.map((r) => ({ ...r })),
      natenabled: ranges.some((r) => r.nat) ? 'yes' : 'no',
    },
  };
}
