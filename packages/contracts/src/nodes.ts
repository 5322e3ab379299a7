import { z } from 'zod';
import { ZERO_UUID, wireSetSchema } from './envelope.ts';
import { LIMITS, boundedArray, boundedString, boundedWireSetSchema } from './limits.ts';
import { NETID_MAX_LENGTH } from './networks.ts';
import { dnsListInputSchema } from './config-text.ts';
import { apiExtClientSchema } from './ext-client-wire.ts';
import { egressRangeSchema } from './routing.ts';

/** Node status values of the v0.30 contract (api-contract §3.2 / §5.4). */
export const nodeStatuses = ['online', 'offline', 'warning', 'error', 'unknown'] as const;
export type NodeStatus = (typeof nodeStatuses)[number];

/** ApiNode: the dashboard's form of a node (api-contract §3.2); times are unix seconds. */
export const apiNodeSchema = z.object({
  id: z.string(),
  hostid: z.string(),
  address: z.string(),
  address6: z.string(),
  localaddress: z.string(),
  allowedips: z.array(z.string()).nullable(),
  lastmodified: z.number().int(),
  expdatetime: z.number().int(),
  lastcheckin: z.number().int(),
  lastpeerupdate: z.number().int(),
  network: z.string(),
  networkrange: z.string(),
  networkrange6: z.string(),
  server: z.string(),
  isrelayed: z.boolean(),
  isrelay: z.boolean(),
  relayedby: z.string(),
  relaynodes: z.array(z.string()),
  isegressgateway: z.boolean(),
  isingressgateway: z.boolean(),
  egressgatewayranges: z.array(z.string()),
  egressgatewaynatenabled: z.boolean(),
  /** v1.5 field: each egress range with its route metric and NAT flag. */
  egressgatewayranges_with_metric: z.array(egressRangeSchema).optional(),
  ingressdns: z.string(),
  ingresspersistentkeepalive: z.number().int(),
  ingressmtu: z.number().int(),
  dnson: z.boolean(),
  connected: z.boolean(),
  pendingdelete: z.boolean(),
  metadata: z.string(),
  is_fail_over: z.boolean(),
  fail_over_peers: wireSetSchema,
  failed_over_by: z.string(),
  isinternetgateway: z.boolean(),
  inet_node_req: z.object({ inet_node_client_ids: z.array(z.string()) }),
  internetgw_node_id: z.string(),
  additional_rag_ips: z.array(z.string()),
  tags: wireSetSchema,
  is_static: z.boolean(),
  is_user_node: z.boolean(),
  /**
   * The client a static node stands for (private key blanked in lists); on every other node an empty client
   * (`EMPTY_EXT_CLIENT`), as v0.30 sends it: its dashboard reads it on every node without a guard.
   */
  static_node: apiExtClientSchema,
  status: z.string(),
  /**
   * Meshdeck: `"pending"` while the node waits for an admin's approval (POST /api/nodes/{net}/{id}/approve), absent
   * otherwise, so the console offers Approve only where it means something (issue 30 item 6).
   */
  action: z.literal('pending').optional(),
});
export type ApiNode = z.infer<typeof apiNodeSchema>;

/** A network named in a path: bounded like a netid, so a long name is refused before any lookup. */
export const networkParamSchema = boundedString('network', NETID_MAX_LENGTH).min(1, 'network is required');
export const nodeParamsSchema = z.object({
  network: networkParamSchema,
  nodeid: z.uuid('nodeid must be a UUID'),
});
export const nodesOfNetworkParamsSchema = z.object({ network: networkParamSchema });

/**
 * Body of PUT /api/nodes/{network}/{nodeid}: the whole ApiNode, as v0.30 clients send it back. The fields typed
 * here are the ones this route applies: settings, and relay and internet-gateway membership (applied with the
 * same rules as their own routes). Every other ApiNode field is accepted only when it equals the stored value
 * (the server checks that, naming the field); a field ApiNode does not have is refused (issue 39).
 */
export const updateNodeInputSchema = z.looseObject({
  id: boundedString('id', LIMITS.id).optional(),
  address: boundedString('address', LIMITS.address).trim().optional(),
  address6: boundedString('address6', LIMITS.address).trim().optional(),
  connected: z.boolean().optional(),
  metadata: boundedString('metadata', 256).optional(),
  // Written into every client config of the gateway as its `DNS =` line: addresses only, one line.
  ingressdns: dnsListInputSchema('ingressdns').optional(),
  ingressmtu: z.number().int().min(0).max(65535).optional(),
  ingresspersistentkeepalive: z.number().int().min(0).max(1000).optional(),
  additional_rag_ips: boundedArray(
    'additional_rag_ips',
    boundedString('additional_rag_ips item', LIMITS.address),
  ).nullish(),
  dnson: z.boolean().optional(),
  tags: boundedWireSetSchema('tags').nullish(),
  isrelay: z.boolean({ error: 'isrelay must be true or false' }).optional(),
  relaynodes: boundedArray(
    'relaynodes',
    z.uuid({ error: 'relaynodes must hold node ids (UUIDs)' }),
  ).nullish(),
  isinternetgateway: z.boolean({ error: 'isinternetgateway must be true or false' }).optional(),
  inet_node_req: z
    .looseObject({
      inet_node_client_ids: boundedArray(
        'inet_node_req.inet_node_client_ids',
        z.uuid({ error: 'inet_node_req.inet_node_client_ids must hold node ids (UUIDs)' }),
      ).nullish(),
    })
    .nullish(),
});
export type UpdateNodeInput = z.infer<typeof updateNodeInputSchema>;

/** The console's clean view of a node (one host's membership of one network). */
export interface MeshNode {
  id: string;
  hostId: string;
  network: string;
  address: string;
  address6: string;
  status: NodeStatus;
  isConnected: boolean;
  isPendingDelete: boolean;
  /** Undefined when the node never checked in. */
  lastCheckIn: Date | undefined;
  relayedBy: string | undefined;
  roles: { isRelay: boolean; isEgress: boolean; isIngress: boolean; isInternetGateway: boolean };
}

const asStatus = (value: string): NodeStatus =>
  (nodeStatuses as readonly string[]).includes(value) ? (value as NodeStatus) : 'unknown';

/** Maps the wire ApiNode to the console's node. */
export const toMeshNode = (node: ApiNode): MeshNode => ({
  id: node.id,
  hostId: node.hostid,
  network: node.network,
  address: node.address,
  address6: node.address6,
  status: asStatus(node.status),
  isConnected: node.connected,
  isPendingDelete: node.pendingdelete,
  lastCheckIn: node.lastcheckin > 0 ? new Date(node.lastcheckin * 1000) : undefined,
  relayedBy: node.relayedby === '' || node.relayedby === ZERO_UUID ? undefined : node.relayedby,
  roles: {
    isRelay: node.isrelay,
    isEgress: node.isegressgateway,
    isIngress: node.isingressgateway,
    isInternetGateway: node.isinternetgateway,
  },
});
