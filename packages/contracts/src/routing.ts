import { z } from 'zod';
import { isCidr } from './ip.ts';
import { LIMITS, boundedArray, boundedString } from './limits.ts';
import { internetFailModeSchema } from './networks.ts';
import { wgKeyBytesSchema } from './wire.ts';

/**
 * Relays, egress gateways, internet gateways and failover (api-contract §2.3, §2.9, §5.6, §5.8): the request
 * bodies of their routes and the routing fields peer updates and pulls carry to agents.
 */

/** Route metric of an egress range when the request gives none (the contract's internet-gateway metric too). */
export const DEFAULT_ROUTE_METRIC = 256;
export const MAX_ROUTE_METRIC = 999;

const nodeIdSchema = (field: string) => z.uuid({ error: `${field} must hold node ids (UUIDs)` });
const cidrSchema = (field: string) =>
  boundedString(field, LIMITS.address)
    .trim()
    .refine((value) => isCidr(value), { error: `${field} must be CIDRs such as 192.168.1.0/24` });

/** Body of POST /api/nodes/{network}/{nodeid}/createrelay (v0.30): the relayed node ids. */
export const createRelayInputSchema = z.looseObject({
  nodeid: boundedString('nodeid', LIMITS.id).optional(),
  netid: boundedString('netid', LIMITS.id).optional(),
  relayaddrs: boundedArray('relayaddrs', nodeIdSchema('relayaddrs')).nullish(),
});
export type CreateRelayInput = z.infer<typeof createRelayInputSchema>;

/** One egress range with its route metric and NAT flag (`ranges_with_metric`, v1.5 form). */
export const egressRangeInputSchema = z.looseObject({
  network: cidrSchema('ranges_with_metric.network'),
  route_metric: z
    .number({ error: 'route_metric must be a number' })
    .int('route_metric must be a whole number')
    .min(1, 'route_metric must be at least 1')
    .max(MAX_ROUTE_METRIC, `route_metric must be at most ${MAX_ROUTE_METRIC}`)
    .nullish(),
  nat: z.boolean({ error: 'nat must be true or false' }).nullish(),
  virtual_network: boundedString('virtual_network', LIMITS.address).nullish(),
  nat_mode: boundedString('nat_mode', 32).nullish(),
});

/**
 * Body of POST /api/nodes/{network}/{nodeid}/creategateway. v0.30 sends `ranges` and `natenabled` ("yes"/"no",
 * the dashboard's key is `natEnabled`); v1.5 may send `ranges_with_metric`. `route_metric` (Meshdeck extra)
 * applies to plain `ranges`. On a node that already is an egress gateway it replaces ranges, NAT and metrics. No
 * ranges at all is accepted, as v0.30 accepts it: its dashboard makes the gateway first and adds ranges after
 * (issue 39); every range that is given is still checked.
 */
export const createEgressInputSchema = z.looseObject({
  nodeid: boundedString('nodeid', LIMITS.id).optional(),
  netid: boundedString('netid', LIMITS.id).optional(),
  ranges: boundedArray('ranges', cidrSchema('ranges'), 64).nullish(),
  natenabled: z
    .union([z.enum(['yes', 'no']), z.boolean()], { error: 'natenabled must be "yes" or "no"' })
    .nullish(),
  route_metric: egressRangeInputSchema.shape.route_metric,
  ranges_with_metric: boundedArray('ranges_with_metric', egressRangeInputSchema, 64).nullish(),
});
export type CreateEgressInput = z.infer<typeof createEgressInputSchema>;

/** Body of POST/PUT /api/nodes/{network}/{nodeid}/inet_gw (`InetNodeReq`): the nodes routed through it. */
export const inetNodeReqInputSchema = z.looseObject({
  inet_node_client_ids: boundedArray('inet_node_client_ids', nodeIdSchema('inet_node_client_ids')).nullish(),
});
export type InetNodeReqInput = z.infer<typeof inetNodeReqInputSchema>;

/** Body of POST /api/v1/node/{nodeid}/failover_me and query of GET .../failover_check: the unreachable peer. */
export const failoverMeInputSchema = z.looseObject({
  node_id: z.uuid({ error: 'node_id must be the node id (UUID) of the unreachable peer' }),
});
export type FailoverMeInput = z.infer<typeof failoverMeInputSchema>;
export const failoverCheckQuerySchema = z.object({
  node_id: z.uuid({ error: 'node_id must be the node id (UUID) of the unreachable peer' }),
});

/** Paths with a node id only (`/api/v1/node/{nodeid}/...`). */
export const nodeIdParamsSchema = z.object({ nodeid: z.uuid('nodeid must be a UUID') });

// ---- Agent-facing wire (HostPeerUpdate and HostPull extras, api-contract §3.14.3) ----

/**
 * One egress range: the one shape and spelling of an egress range inside Meshdeck (issue 40). The routing module
 * stores it in the node's `egressgatewayranges_with_metric` setting and reads and writes it; every wire has its own
 * mapper below that names each field it sends, so a field added here leaves the server only where a mapper adds
 * it (never by a spread).
 */
export const egressRangeSchema = z.object({
  network: z.string(),
  route_metric: z.number().int(),
  nat: z.boolean(),
});
export type EgressRange = z.infer<typeof egressRangeSchema>;

/** An egress range as the v0.30 API shows it on a node (`egressgatewayranges_with_metric`, api-contract §3.2). */
export const toApiEgressRange = (range: EgressRange): EgressRange => ({
  network: range.network,
  route_metric: range.route_metric,
  nat: range.nat,
});

/** The agents' `EgressRangeMetric` (api-contract §3.14.3): what hosts receive over MQTT and in pulls. */
export const egressRangeMetricSchema = z.object({
  network: z.string(),
  route_metric: z.number().int(),
  nat: z.boolean(),
});
export type EgressRangeMetric = z.infer<typeof egressRangeMetricSchema>;

/** An egress range as agents receive it: every field named (a stored field not listed here never reaches hosts). */
export const toAgentEgressRange = (range: EgressRange): EgressRangeMetric => ({
  network: range.network,
  route_metric: range.route_metric,
  nat: range.nat,
});

/** An egress range in the console's node list (`NodeListItem.egressRanges`, Meshdeck's own wire: `metric`). */
export const egressRangeListSchema = z.object({ network: z.string(), metric: z.number(), nat: z.boolean() });
export type EgressRangeListItem = z.infer<typeof egressRangeListSchema>;
export const toListEgressRange = (range: EgressRange): EgressRangeListItem => ({
  network: range.network,
  metric: range.route_metric,
  nat: range.nat,
});
/** A range the console edits in its list form, as `ranges_with_metric` of creategateway takes it. */
export const fromListEgressRange = (range: EgressRangeListItem): EgressRange => ({
  network: range.network,
  route_metric: range.metric,
  nat: range.nat,
});

/**
 * `EgressNetworkRoutes`: one per egress gateway node the receiver can use. `peer_key` is the WireGuard key of the
 * peer entry the traffic goes to (the gateway's host, or the relay / failover host that carries it for this
 * receiver). Meshdeck extras: `node_id` / `host_id` of the gateway, and `active_ranges`, the ranges the server put
 * in that peer's AllowedIPs (for a range several gateways serve: the lowest metric among the active ones).
 */
export const egressNetworkRouteSchema = z.object({
  peer_key: wgKeyBytesSchema,
  egress_gw_addr: z.string(),
  egress_gw_addr6: z.string(),
  node_addr: z.string(),
  node_addr6: z.string(),
  egress_ranges: z.array(z.string()),
  egress_ranges_metric: z.array(egressRangeMetricSchema),
  network: z.string(),
  node_id: z.string(),
  host_id: z.string(),
  active_ranges: z.array(z.string()),
});
export type EgressNetworkRoute = z.infer<typeof egressNetworkRouteSchema>;

/** `egress_info` entry of FwUpdate: what one of the host's own egress nodes forwards and masquerades. */
export const egressInfoSchema = z.object({
  egress_id: z.string(),
  network: z.string(),
  egress_gw_addr: z.string(),
  network6: z.string(),
  egress_gw_addr6: z.string(),
  egress_gateway_cfg: z.object({
    ranges: z.array(z.string()),
    ranges_with_metric: z.array(egressRangeMetricSchema),
    natenabled: z.enum(['yes', 'no']),
  }),
});
export type EgressInfo = z.infer<typeof egressInfoSchema>;

/**
 * `FwUpdate`, the routing part: the host's own egress nodes (by node id). Meshdeck extras: `is_relay` and
 * `is_inet_gw` (the host forwards for relayed nodes or internet-gateway clients) and `inet_gw_ranges` (the
 * mesh ranges whose traffic it masquerades out to the internet).
 */
export const fwUpdateSchema = z.object({
  is_egress_gw: z.boolean(),
  is_ingress_gw: z.boolean(),
  egress_info: z.record(z.string(), egressInfoSchema),
  is_relay: z.boolean(),
  is_inet_gw: z.boolean(),
  inet_gw_ranges: z.array(z.string()),
});
export type FwUpdate = z.infer<typeof fwUpdateSchema>;

/**
 * The routing fields of every HostPeerUpdate and HostPull: the receiver's complete routing state (full lists and
 * deltas alike), so an agent replaces it as a whole on every message.
 */
export const hostRoutingSchema = z.object({
  /** This host sends its default route through an internet gateway (api-contract §5.6). */
  change_default_gw: z.boolean(),
  /** The gateway's mesh IPv4 address ('' when none); `default_gw_ip6` (extra) its IPv6 one. */
  default_gw_ip: z.string(),
  default_gw_ip6: z.string(),
  /** Extra: the WireGuard key of the peer carrying 0.0.0.0/0 (and ::/0); null when none. */
  inet_gw_peer_key: wgKeyBytesSchema.nullable(),
  /**
   * Extra: the client's network setting `internetfailmode` (with `change_default_gw`): what to do when the gateway
   * stops answering; an agent's `--internet-fail` flag overrides it. Absent: `closed`.
   */
  inet_fail_mode: internetFailModeSchema.optional(),
  /** This host is an internet gateway. */
  is_inet_gw: z.boolean(),
  egress_network_routes: z.array(egressNetworkRouteSchema),
  fw_update: fwUpdateSchema,
});
export type HostRouting = z.infer<typeof hostRoutingSchema>;

export const EMPTY_FW_UPDATE: FwUpdate = {
  is_egress_gw: false,
  is_ingress_gw: false,
  egress_info: {},
  is_relay: false,
  is_inet_gw: false,
  inet_gw_ranges: [],
};
export const EMPTY_HOST_ROUTING: HostRouting = {
  change_default_gw: false,
  default_gw_ip: '',
  default_gw_ip6: '',
  inet_gw_peer_key: null,
  is_inet_gw: false,
  egress_network_routes: [],
  fw_update: EMPTY_FW_UPDATE,
};

// ---- What an agent reports about its routing, and what the console reads of it ----

const reportText = (field: string, max = 256) => boundedString(field, max);

/**
 * Meshdeck extra: an agent's routing picture (the `RoutingStatus` its `status` command prints): per egress range
 * the router it chose, through which peer and why, the ranges left out because the host is on them directly,
 * its internet gateway's state and its firewall tool. Sent with PUT /api/v1/host/{hostid}/routing_status.
 */
export const routingStatusReportSchema = z.looseObject({
  at: reportText('at', 64),
  firewall: z.looseObject({
    tool: reportText('firewall.tool', 32),
    missing: reportText('firewall.missing').nullish(),
  }),
  ranges: boundedArray(
    'ranges',
    z.looseObject({
      range: reportText('ranges.range', LIMITS.address),
      router: reportText('ranges.router', LIMITS.hostName),
      via: reportText('ranges.via', LIMITS.hostName),
      routers: z.number().int().min(0).max(LIMITS.listItems),
      reason: reportText('ranges.reason'),
    }),
    256,
  ),
  shadowed: boundedArray(
    'shadowed',
    z.looseObject({ range: reportText('shadowed.range', LIMITS.address), lan: reportText('shadowed.lan') }),
    256,
  ),
  internet: z
    .looseObject({
      gateway: reportText('internet.gateway', LIMITS.hostName),
      state: reportText('internet.state', 64),
      failMode: z.enum(['closed', 'open'], { error: 'internet.failMode must be "closed" or "open"' }),
    })
    .nullish(),
  roles: boundedArray('roles', reportText('roles', 32), 16),
});
export type RoutingStatusReport = z.infer<typeof routingStatusReportSchema>;

/** One host's last report as the console reads it (GET /api/console/routing-status/{network}). */
export const hostRoutingStatusSchema = z.object({
  host_id: z.string(),
  host_name: z.string(),
  node_id: z.string(),
  /** When the server received it (RFC3339). */
  received_at: z.string(),
  report: z.object({
    at: z.string(),
    firewall: z.object({ tool: z.string(), missing: z.string().nullish() }),
    ranges: z.array(
      z.object({
        range: z.string(),
        router: z.string(),
        via: z.string(),
        routers: z.number().int(),
        reason: z.string(),
      }),
    ),
    shadowed: z.array(z.object({ range: z.string(), lan: z.string() })),
    internet: z
      .object({ gateway: z.string(), state: z.string(), failMode: z.enum(['closed', 'open']) })
      .nullish(),
    roles: z.array(z.string()),
  }),
});
export type HostRoutingStatus = z.infer<typeof hostRoutingStatusSchema>;
export const routingStatusListSchema = z.object({ items: z.array(hostRoutingStatusSchema) });
