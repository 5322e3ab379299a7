import {
  DEFAULT_ROUTE_METRIC,
  canonicalRange,
  cidrsOverlap,
  parseCidr,
  type ClaimEnvironment,
  type CreateEgressInput,
  type EgressRange,
} from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkInfo } from '../nodes/nodes.public.ts';
import type { RouteClaims } from './route-claims.ts';
import { requireLinux, type RoutingState } from './routing-state.ts';

/** A range as a request asked for it: the stored shape and the request field it came in, for messages. */
export interface AskedRange extends EgressRange {
  /** The request field the range came in (`ranges` or `ranges_with_metric`), for messages. */
  field: string;
}

/** What the node's settings keep of a range: its named fields, never the request's extras. */
const storedRange = (range: EgressRange): EgressRange => ({
  network: range.network,
  route_metric: range.route_metric,
  nat: range.nat,
});

const isNatOn = (value: CreateEgressInput['natenabled']): boolean =>
  value === undefined || value === null ? true : value === true || value === 'yes';

/**
 * The request's ranges with their metric and NAT flag: normalised to their network address (IPv4-mapped IPv6
 * written as IPv4), each range once. NAT defaults to on, the metric to 256. {@link checkEgressClaims} then judges
 * where they may lead.
 */
export function egressRanges(input: CreateEgressInput): AskedRange[] {
  const nat = isNatOn(input.natenabled);
  const metric = input.route_metric ?? DEFAULT_ROUTE_METRIC;
  const asked = [
    ...(input.ranges ?? []).map((range) => ({ field: 'ranges', range, route_metric: metric, nat })),
    ...(input.ranges_with_metric ?? []).map((r) => ({
      field: 'ranges_with_metric',
      range: r.network,
      route_metric: r.route_metric ?? metric,
      nat: r.nat ?? nat,
    })),
  ];
  const byRange = new Map<string, AskedRange>();
  for (const { field, range, route_metric, nat: isNat } of asked) {
    const normal = canonicalRange(range);
    if (!normal) throw badRequest(`${field}: ${range} is not a CIDR`);
    if (parseCidr(normal)?.prefix === 0)
      throw badRequest(
        `${field}: ${range} is the whole internet: use an internet gateway for a default route`,
      );
    const known = byRange.get(normal);
    if (known && (known.route_metric !== route_metric || known.nat !== isNat))
      throw badRequest(`${field}: ${normal} is given twice with different metric or NAT`);
    byRange.set(normal, { network: normal, route_metric, nat: isNat, field });
  }
  return [...byRange.values()];
}

/**
 * The route-claim rules (decision 047) for a gateway's new ranges: not a default route together with the ranges
 * the network's other egress gateways serve, clear of the network's own ranges (api-contract §5.6), then of every
 * other network, reserved block, host endpoint and server address. Runs inside the change, so the other gateways
 * are read in the same transaction.
 */
export function checkEgressClaims(
  state: RoutingState,
  nodeId: string,
  ranges: readonly AskedRange[],
  claims: RouteClaims,
  env: ClaimEnvironment,
  network: NetworkInfo,
): void {
  const others = state
    .all()
    .filter((n) => n.row.id !== nodeId && n.settings.isegressgateway)
    .flatMap((n) => n.settings.egressgatewayranges);
  const fields = [...new Set(ranges.map((r) => r.field))].map((field) => ({
    field,
    mine: ranges.filter((r) => r.field === field).map((r) => r.network),
    alsoRouted: [...others, ...ranges.filter((r) => r.field !== field).map((r) => r.network)],
  }));
  for (const { field, mine, alsoRouted } of fields) claims.checkDefaultRoute(field, mine, { alsoRouted });
  for (const { field, network: range } of ranges)
    for (const own of [network.addressrange, network.addressrange6])
      if (own && cidrsOverlap(own, range))
        throw badRequest(`${field}: ${range} overlaps the network range ${own} of ${network.netid}`);
  for (const { field, mine, alsoRouted } of fields) claims.check(field, mine, env, { alsoRouted });
}

/**
 * Makes a node an egress gateway for `ranges`, or replaces its ranges, NAT and metrics in one step (the reference
 * dashboard deletes and re-creates instead). Linux hosts only. Other gateways may serve the same ranges (HA).
 */
export function setEgress(state: RoutingState, nodeId: string, ranges: readonly AskedRange[]): void {
  const node = state.require(nodeId);
  requireLinux(state, node, 'egress gateways');
  state.patch(nodeId, {
    isegressgateway: true,
    egressgatewayranges: ranges.map((r) => r.network),
    egressgatewaynatenabled: ranges.some((r) => r.nat),
    egressgatewayranges_with_metric: ranges.map(storedRange),
  });
}

/** Ends a node's egress role (api-contract §2.3 deletegateway). */
export function removeEgress(state: RoutingState, nodeId: string): void {
  const node = state.require(nodeId);
  if (!node.settings.isegressgateway) throw badRequest(`node ${state.label(node)} is not an egress gateway`);
  state.patch(nodeId, {
    isegressgateway: false,
    egressgatewayranges: [],
    egressgatewaynatenabled: false,
    egressgatewayranges_with_metric: [],
  });
}
