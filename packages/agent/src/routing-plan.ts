import { formatCidr, ipNetToCidr, parseCidr, type Cidr, type RawNode } from '@meshdeck/contracts';
import type { PeerTable } from './peer-state.ts';

/**
 * What the host needs beyond the WireGuard peers themselves: routes for allowed IPs that the interface's own
 * subnet route does not cover, and, on a remote-access (ingress) gateway, forwarding between its clients and the
 * mesh. Pure: wireguard.ts / host-routing.ts apply it.
 */
export interface RoutingPlan {
  /** Normalised CIDRs routed through the interface (extra allowed IPs of ext clients, egress ranges). */
  routes: string[];
  /** Set when one of the host's nodes is an ingress gateway; `ipv6` when such a network has IPv6 addresses. */
  gateway: { ipv6: boolean } | undefined;
}

export const NO_ROUTING: RoutingPlan = { routes: [], gateway: undefined };

/** Parses `10.0.0.5/24` or a bare address (a host route) into its range; undefined for anything else. */
function toRange(text: string): Cidr | undefined {
  if (text.includes('/')) return parseCidr(text);
  return parseCidr(`${text}/${text.includes(':') ? 128 : 32}`);
}

const covers = (outer: Cidr, inner: Cidr): boolean =>
  outer.family === inner.family && outer.network <= inner.network && inner.last <= outer.last;

/**
 * The peers' allowed IPs that lie outside every subnet of the interface's addresses, deduplicated and normalised
 * (`10.9.1.7/24` -> `10.9.1.0/24`). Default routes (`/0`) are left out: a whole-traffic tunnel through an internet
 * gateway changes the host's default route, a separate decision this plan does not take.
 */
export function extraRoutes(addresses: readonly string[], peers: PeerTable): string[] {
  const subnets = addresses.map(toRange).filter((range): range is Cidr => range !== undefined);
  const routes = new Set<string>();
  for (const peer of peers.values()) {
    for (const allowed of peer.allowedIps) {
      const range = toRange(allowed);
      if (!range || range.prefix === 0 || subnets.some((subnet) => covers(subnet, range))) continue;
      routes.add(formatCidr(range));
    }
  }
  return [...routes].sort();
}

/** The gateway role of a host: present when a live node of it is an ingress gateway. */
export function gatewayRole(nodes: readonly RawNode[]): RoutingPlan['gateway'] {
  const gateways = nodes.filter(
    (node) => node.isingressgateway && node.connected && !node.pendingdelete && node.action !== 'delete',
  );
  if (gateways.length === 0) return undefined;
  return { ipv6: gateways.some((node) => ipNetToCidr(node.address6) !== undefined) };
}

/** The routes to delete and to add to go from what the interface has to what the plan wants. */
export function diffRoutes(
  current: readonly string[],
  wanted: readonly string[],
): { remove: string[]; add: string[] } {
  const normalise = (list: readonly string[]) =>
    new Set(
      list
        .map(toRange)
        .filter((r): r is Cidr => r !== undefined)
        .map(formatCidr),
    );
  const have = normalise(current);
  const want = normalise(wanted);
  return { remove: [...have].filter((r) => !want.has(r)), add: [...want].filter((r) => !have.has(r)) };
}
