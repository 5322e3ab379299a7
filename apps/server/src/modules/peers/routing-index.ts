import { DEFAULT_ROUTE_METRIC, cidrContains, parseCidr, type EgressRange } from '@meshdeck/contracts';
import { nodeSettings } from '../nodes/nodes.public.ts';
import type { MemberRow } from './peers.repository.ts';

/** One egress range of a gateway node, as peer computation uses it (the contracts' one shape). */
export type RouteRange = EgressRange;

/** The routing roles of one node (api-contract §5.8); plain nodes have none and cost one map lookup. */
export interface NodeRoles {
  isRelay: boolean;
  relayedBy: string;
  egress: RouteRange[];
  isInternetGateway: boolean;
  internetGateway: string;
  isFailover: boolean;
  failoverPeers: string[];
  failedOverBy: string;
}

const EMPTY: NodeRoles | undefined = undefined;

/** Parses a node's settings once per distinct text (plain nodes share one text). */
const rolesCache = new Map<string, NodeRoles | undefined>();
function rolesOf(settingsText: string): NodeRoles | undefined {
  if (rolesCache.has(settingsText)) return rolesCache.get(settingsText);
  const s = nodeSettings({ settings: settingsText });
  const egress: RouteRange[] = s.isegressgateway
    ? s.egressgatewayranges_with_metric.length > 0
      ? // Named fields: whatever else a stored range holds stays out of peer computation and the agents' wire.
        s.egressgatewayranges_with_metric.map(({ network, route_metric, nat }) => ({
          network,
          route_metric,
          nat,
        }))
      : s.egressgatewayranges.map((network) => ({
          network,
          route_metric: DEFAULT_ROUTE_METRIC,
          nat: s.egressgatewaynatenabled,
        }))
    : [];
  const roles: NodeRoles = {
    isRelay: s.isrelay,
    relayedBy: s.isrelayed ? s.relayedby : '',
    egress,
    isInternetGateway: s.isinternetgateway,
    internetGateway: s.internetgw_node_id,
    isFailover: s.is_fail_over,
    failoverPeers: s.fail_over_peers,
    failedOverBy: s.failed_over_by,
  };
  const hasAny =
    roles.isRelay ||
    roles.relayedBy !== '' ||
    egress.length > 0 ||
    roles.isInternetGateway ||
    roles.internetGateway !== '' ||
    roles.isFailover ||
    roles.failoverPeers.length > 0;
  if (rolesCache.size > 10_000) rolesCache.clear();
  rolesCache.set(settingsText, hasAny ? roles : EMPTY);
  return hasAny ? roles : EMPTY;
}

/** Active = connected and not pending delete: only such a node routes or carries traffic. */
const isActive = (node: MemberRow) => node.connected === 1 && node.pending_delete === 0;

/**
 * The routing roles of one batch's members, resolved once: who relays whom, which gateway serves each egress
 * range (the lowest metric among active gateways, then the lowest node id), internet-gateway clients and
 * failed-over pairs. A reference to a node that is missing, inactive or no longer has the role counts as none.
 */
export class RoutingIndex {
  readonly #roles = new Map<string, NodeRoles>();
  readonly #nodes = new Map<string, MemberRow>();
  readonly #relayed = new Map<string, MemberRow[]>();
  /** network -> range -> chosen gateway node id. */
  readonly #chosen = new Map<string, Map<string, string>>();
  /** network -> egress gateway nodes. */
  readonly #routers = new Map<string, MemberRow[]>();
  readonly #routableCache = new Map<string, RouteRange[]>();
  /** Hosts that show up in other hosts' routing state: gateways, relays and failover nodes. */
  readonly #inOthersRouting = new Set<string>();
  /** Networks where some node has a role: the plain-mesh fast path skips the others. */
  readonly networks = new Set<string>();
  /** Hosts with a role in some network: their view of others differs, so they never share a delta body. */
  readonly specialHosts = new Set<string>();

  constructor(rows: readonly MemberRow[]) {
    for (const row of rows) {
      const roles = rolesOf(row.settings);
      if (!roles) continue;
      this.#roles.set(row.node_id, roles);
      this.#nodes.set(row.node_id, row);
      this.networks.add(row.network);
      this.specialHosts.add(row.host_id);
      if (roles.egress.length > 0 || roles.isInternetGateway || roles.isRelay || roles.isFailover)
        this.#inOthersRouting.add(row.host_id);
    }
    if (this.#roles.size === 0) return;
    for (const row of rows) this.#nodes.set(row.node_id, row);
    const offers = new Map<string, Map<string, { node: MemberRow; metric: number }[]>>();
    for (const [nodeId, roles] of this.#roles) {
      const node = this.#nodes.get(nodeId) as MemberRow;
      const relay = this.relayOf(node);
      if (relay) this.#relayed.set(relay.node_id, [...(this.#relayed.get(relay.node_id) ?? []), node]);
      if (roles.egress.length === 0 || !isActive(node)) continue;
      this.#routers.set(node.network, [...(this.#routers.get(node.network) ?? []), node]);
      const byRange = offers.get(node.network) ?? offers.set(node.network, new Map()).get(node.network);
      for (const range of roles.egress)
        byRange?.set(range.network, [
          ...(byRange.get(range.network) ?? []),
          { node, metric: range.route_metric },
        ]);
    }
    for (const [network, byRange] of offers) {
      const chosen = new Map<string, string>();
      for (const [range, candidates] of byRange) {
        const best = [...candidates].sort(
          (a, b) => a.metric - b.metric || a.node.node_id.localeCompare(b.node.node_id),
        )[0];
        if (best) chosen.set(range, best.node.node_id);
      }
      this.#chosen.set(network, chosen);
    }
  }

  /** Whether a change of this host may change other hosts' routing state (it is a gateway, relay or failover node). */
  appearsInOthersRouting(hostId: string): boolean {
    return this.#inOthersRouting.has(hostId);
  }

  roles(nodeId: string): NodeRoles | undefined {
    return this.#roles.get(nodeId);
  }

  node(nodeId: string): MemberRow | undefined {
    return this.#nodes.get(nodeId);
  }

  /** The active relay of a node in its network, if any. */
  relayOf(node: MemberRow): MemberRow | undefined {
    const id = this.#roles.get(node.node_id)?.relayedBy;
    if (!id) return undefined;
    const relay = this.#nodes.get(id);
    return relay && relay.network === node.network && this.#roles.get(id)?.isRelay && isActive(relay)
      ? relay
      : undefined;
  }

  /** The nodes a relay carries. */
  relayedBy(relayId: string): readonly MemberRow[] {
    return this.#relayed.get(relayId) ?? [];
  }

  /** The internet gateway a node uses, if it is active and still one. */
  internetGatewayOf(node: MemberRow): MemberRow | undefined {
    const id = this.#roles.get(node.node_id)?.internetGateway;
    if (!id) return undefined;
    const gateway = this.#nodes.get(id);
    return gateway &&
      gateway.network === node.network &&
      this.#roles.get(id)?.isInternetGateway &&
      isActive(gateway)
      ? gateway
      : undefined;
  }

  /** The failover node carrying the pair, when both sides list each other and it still is the failover node. */
  failoverOf(a: MemberRow, b: MemberRow): MemberRow | undefined {
    const ra = this.#roles.get(a.node_id);
    const rb = this.#roles.get(b.node_id);
    if (!ra || !rb || !ra.failoverPeers.includes(b.node_id) || !rb.failoverPeers.includes(a.node_id))
      return undefined;
    const failover = this.#nodes.get(ra.failedOverBy);
    return failover && this.#roles.get(failover.node_id)?.isFailover && isActive(failover)
      ? failover
      : undefined;
  }

  /** The active egress gateways of a network. */
  routers(network: string): readonly MemberRow[] {
    return this.#routers.get(network) ?? [];
  }

  /** Whether `nodeId` is the gateway peers send `range` to (one per range, so WireGuard never sees it twice). */
  isChosen(network: string, range: string, nodeId: string): boolean {
    return this.#chosen.get(network)?.get(range) === nodeId;
  }

  /** Whether a node routes a range itself: it never sends that range to a peer. */
  routesItself(node: MemberRow, range: string): boolean {
    return this.#roles.get(node.node_id)?.egress.some((r) => r.network === range) ?? false;
  }

  /**
   * The ranges of gateway `router` the receiver's node may use: not ones it routes itself, and not one holding
   * the gateway's own endpoint (the tunnel would carry its own packets).
   */
  usableRanges(router: MemberRow, receiver: MemberRow): RouteRange[] {
    const ranges = this.#routable(router);
    const own = this.#roles.get(receiver.node_id)?.egress;
    return own && own.length > 0
      ? ranges.filter((range) => !this.routesItself(receiver, range.network))
      : ranges;
  }

  /** A gateway's ranges minus those holding its own endpoint, worked out once per batch. */
  #routable(router: MemberRow): RouteRange[] {
    let ranges = this.#routableCache.get(router.node_id);
    if (!ranges) {
      ranges = (this.#roles.get(router.node_id)?.egress ?? []).filter(
        (range) =>
          !(router.endpoint_ip && cidrContains(range.network, router.endpoint_ip)) &&
          !(router.endpoint_ip6 && cidrContains(range.network, router.endpoint_ip6)),
      );
      this.#routableCache.set(router.node_id, ranges);
    }
    return ranges;
  }

  /** Hosts whose entry on other receivers changes with `node`'s: its relay and its range's other gateways. */
  carriersOf(node: MemberRow): string[] {
    const hosts: string[] = [];
    const relay = this.relayOf(node);
    if (relay) hosts.push(relay.host_id);
    const own = this.#roles.get(node.node_id)?.egress ?? [];
    if (own.length > 0)
      for (const other of this.routers(node.network))
        if (other.node_id !== node.node_id && own.some((r) => this.routesItself(other, r.network)))
          hosts.push(other.host_id);
    return hosts;
  }
}

/** The default route's ranges for a network with these ranges (::/0 only with IPv6). */
export const defaultRoutes = (node: MemberRow): string[] =>
  node.network_range6 && parseCidr(node.network_range6) ? ['0.0.0.0/0', '::/0'] : ['0.0.0.0/0'];
