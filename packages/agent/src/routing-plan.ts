import {
  formatCidr,
  ipNetToCidr,
  parseCidr,
  type Cidr,
  type PeerMap,
  type RawNode,
} from '@meshdeck/contracts';
import type { FirewallPlan } from './firewall-plan.ts';
import { inboundGroups } from './inbound-filter.ts';
import type { PeerTable } from './peer-state.ts';

/**
 * What the host needs beyond the WireGuard peers themselves: routes for allowed IPs that the interface's own
 * subnet route does not cover, and, on a remote-access (ingress) gateway, forwarding between its clients and the
 * mesh. Pure: wireguard.ts / host-routing.ts apply it.
 */
export interface RoutingPlan {
  /** Normalised CIDRs routed through the interface (extra allowed IPs of ext clients, egress ranges). */
  routes: string[];
  /**
   * Set when the host forwards for the mesh (remote-access gateway, relay, failover, egress or internet gateway);
   * `ipv6` when such a network has IPv6 addresses; `outward` when it forwards out of the tunnel to other
   * interfaces (egress and internet gateways), which takes namespace-wide forwarding.
   */
  gateway: { ipv6: boolean; outward?: boolean } | undefined;
  /** Address translation (egress NAT, internet gateway); absent or empty removes the agent's rules. */
  firewall?: FirewallPlan | undefined;
  /**
   * Internet-gateway client: `routes` send everything into the tunnel (0.0.0.0/1 and 128.0.0.0/1, which outrank
   * the default route without replacing it); the default routes seen on entry are saved and restored on exit.
   */
  isInternetClient?: boolean | undefined;
  /**
   * Underlay addresses (the server, peers' endpoints) that lie inside a route of `routes`: each keeps a host route
   * on the path it had outside the tunnel, whatever the mesh routes (decision 047).
   */
  pins?: string[] | undefined;
}

export const NO_ROUTING: RoutingPlan = { routes: [], gateway: undefined };

/**
 * The plan with the receiving side's packet filter (issue 32) for peers the access policy narrows to some
 * protocols or ports, in the same table as the address translation; the plan itself when there are none.
 */
export function withInboundFilter(
  plan: RoutingPlan,
  peerIds: ReadonlyMap<string, PeerMap[string]>,
  iface: string,
): RoutingPlan {
  const inbound = inboundGroups(peerIds);
  if (inbound.length === 0) return plan;
  const firewall = plan.firewall ?? { iface, peers: [], natRanges: [], internetSources: [] };
  return { ...plan, firewall: { ...firewall, inbound } };
}

/** The two halves of each address family that outrank a default route (OpenVPN's def1 idea). */
export const DEFAULT_HALVES = { 4: ['0.0.0.0/1', '128.0.0.0/1'], 6: ['::/1', '8000::/1'] } as const;

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

/** A mesh route left out because it would take over (part of) a subnet the host is directly attached to. */
export interface ShadowedRoute {
  range: string;
  /** The directly attached subnet, e.g. `192.168.1.0/24 on eth0`. */
  lan: string;
}

/**
 * Splits mesh routes into those to install and those that would shadow the host's own LAN: a route as specific
 * as an attached subnet or more, overlapping it, would replace the kernel's connected route (same prefix) or take
 * part of the LAN away (longer prefix), and the host would reach its neighbours through the tunnel or not at all.
 * A wider route (a /16 around the LAN's /24) is installed: the connected route is more specific and keeps winning.
 */
export function withoutLanShadow(
  routes: readonly string[],
  attached: readonly { cidr: string; name: string }[],
): { install: string[]; shadowed: ShadowedRoute[] } {
  const lans = attached
    .map((a) => ({ range: toRange(a.cidr), name: a.name }))
    .filter((a): a is { range: Cidr; name: string } => a.range !== undefined && a.range.prefix > 0);
  const install: string[] = [];
  const shadowed: ShadowedRoute[] = [];
  for (const route of routes) {
    const range = toRange(route);
    const lan = range
      ? lans.find(
          (l) =>
            l.range.family === range.family &&
            range.prefix >= l.range.prefix &&
            range.network <= l.range.last &&
            l.range.network <= range.last,
        )
      : undefined;
    if (lan) shadowed.push({ range: route, lan: `${formatCidr(lan.range)} on ${lan.name}` });
    else install.push(route);
  }
  return { install, shadowed };
}

/** An address as a host range (`10.0.0.1` -> 10.0.0.1/32); IPv4-mapped IPv6 counts as its IPv4 address. */
function hostRange(address: string): Cidr | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return toRange(mapped ?? address.replace(/^\[|\]$/g, ''));
}

/**
 * The underlay addresses (server, peer endpoints) that some route of `routes` would send into the tunnel, each
 * once, in the order given: an egress range, a client's range or the default halves may cover them, and then the
 * tunnel's own packets (or the agent's talk with the server) would loop into the tunnel. Names are skipped.
 */
export function underlayPins(routes: readonly string[], underlay: readonly string[]): string[] {
  const ranges = routes.map(toRange).filter((r): r is Cidr => r !== undefined);
  const pins: string[] = [];
  for (const address of underlay) {
    const host = hostRange(address);
    if (!host || host.prefix !== (host.family === 4 ? 32 : 128)) continue;
    const text = bigIntText(host);
    if (pins.includes(text)) continue;
    if (ranges.some((range) => covers(range, host))) pins.push(text);
  }
  return pins;
}

const bigIntText = (host: Cidr): string => formatCidr(host).replace(/\/(32|128)$/, '');

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
