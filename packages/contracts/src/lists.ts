import { z } from 'zod';
import { hostSortKeys, listStatusFilters, nodeSortKeys, nodeTypeFilters } from './list-filters.ts';
import { egressRangeListSchema } from './routing.ts';

/**
 * Meshdeck's own list routes for the console (not part of the v0.30 wire contract): one lean row per item,
 * with filtering, sorting and paging on the server, so a page at 10,000 nodes downloads what it shows and
 * the full-object routes (`GET /api/nodes`, `GET /api/hosts`) stay as they are for compatible clients.
 */

export {
  hostSortKeys,
  listStatusFilters,
  nodeSortKeys,
  nodeTypeFilters,
  type ListStatusFilter,
  type NodeTypeFilter,
} from './list-filters.ts';

/** Badges a node row can carry; only the ones that apply are sent. */
export const nodeFlags = [
  'relay',
  'relayed',
  'egress',
  'ingress',
  'internetGateway',
  'failover',
  'behindNat',
  'removing',
] as const;
export type NodeFlag = (typeof nodeFlags)[number];

/** `key` or `-key` (descending) for one of the given keys. */
const sortParamSchema = (keys: readonly string[]) =>
  z.string().refine((value) => keys.includes(value.replace(/^-/, '')), {
    message: `sort must be one of ${keys.join(', ')}, optionally prefixed with "-"`,
  });

/** `a,b,c`: a comma-separated id list (at most 1,000), for patching a few rows after a change. */
const idListSchema = z
  .string()
  .transform((value) => value.split(',').filter(Boolean))
  .refine((ids) => ids.length <= 1000, { message: 'ids may hold at most 1000 ids' });

const pageSchema = {
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  status: z.enum(listStatusFilters).optional(),
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').optional(),
  /** No limit means every matching row: the console filters a full list locally for instant keystrokes. */
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(200_000, 'limit must be at most 200000')
    .optional(),
  ids: idListSchema.optional(),
};

export const nodeListQuerySchema = z.object({
  ...pageSchema,
  type: z.enum(nodeTypeFilters).optional(),
  sort: sortParamSchema(nodeSortKeys).optional(),
  /** Only the nodes of this host. */
  host: z.string().max(64).optional(),
});
export type NodeListQuery = z.infer<typeof nodeListQuerySchema>;

export const hostListQuerySchema = z.object({
  ...pageSchema,
  sort: sortParamSchema(hostSortKeys).optional(),
});
export type HostListQuery = z.infer<typeof hostListQuerySchema>;

export const nodeListItemSchema = z.object({
  id: z.string(),
  hostId: z.string(),
  network: z.string(),
  /** The host's name. */
  name: z.string(),
  /** CIDR notation, '' when the network has no range of that family. */
  address: z.string(),
  address6: z.string(),
  /** The host's public endpoint (IPv4, else IPv6). */
  endpoint: z.string(),
  publicKey: z.string(),
  /** The server's status value: online, offline, warning, error or unknown. */
  status: z.string(),
  /** Unix seconds; 0 = never. */
  lastCheckIn: z.number(),
  isConnected: z.boolean(),
  flags: z.array(z.enum(nodeFlags)),
  /** The host's OS: routing roles are for Linux hosts only, so the console offers them where they can work. */
  os: z.string().optional(),
  /** Whether the host reports a firewall (iptables or nftables), which an internet gateway needs. */
  hasFirewall: z.boolean().optional(),
  /** The relay carrying this node (node id); only on relayed nodes. */
  relayedBy: z.string().optional(),
  /** The internet gateway this node routes through (node id); only on its clients. */
  internetGatewayId: z.string().optional(),
  /** An egress gateway's ranges with their route metric and NAT flag; only on egress gateways. */
  egressRanges: z.array(egressRangeListSchema).optional(),
  /** The node's tag ids (`<network>.<tag name>`); an older server without them reads as none. */
  tags: z.array(z.string()).default([]),
});
export type NodeListItem = z.infer<typeof nodeListItemSchema>;

export const hostListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  endpoint6: z.string(),
  publicKey: z.string(),
  listenPort: z.number(),
  version: z.string(),
  isDefault: z.boolean(),
  isBehindNat: z.boolean(),
  /** The worst status of its nodes (unknown without nodes). */
  status: z.string(),
  /** The latest check-in of its nodes, unix seconds; 0 = never. */
  lastCheckIn: z.number(),
  nodes: z.array(z.object({ id: z.string(), network: z.string(), address: z.string() })),
});
export type HostListItem = z.infer<typeof hostListItemSchema>;

/** One page of a list: `total` counts every match, `items` holds rows offset..offset+limit in order. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), offset: z.number().int(), items: z.array(item) });
export type ListPage<T> = { total: number; offset: number; items: T[] };
