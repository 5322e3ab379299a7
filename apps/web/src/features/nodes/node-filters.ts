import type { HostView } from '@/lib/api/host-view.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import { statusDisplay, type StatusLabel } from '@/lib/node-health.ts';

/** One nodes-table row: the node with the host facts it is shown with. */
export interface NodeRow {
  node: NodeView;
  hostName: string;
  endpoint: string;
  isBehindNat: boolean;
  statusLabel: StatusLabel;
  /** Name, addresses, id, endpoint and public key in one string: what the search box matches (features §3.11). */
  searchText: string;
}

/**
 * Joins nodes to their hosts through one Map: O(hosts + nodes). At 10,000 nodes a per-row `hosts.find` would
 * be 10,000 x hosts comparisons on every change.
 */
export function buildNodeRows(nodes: readonly NodeView[], hosts: readonly HostView[]): NodeRow[] {
  const hostsById = new Map(hosts.map((host) => [host.id, host]));
  return nodes.map((node) => {
    const host = hostsById.get(node.hostId);
    const hostName = host?.name ?? node.hostId;
    const endpoint = host?.endpoint ?? '';
    return {
      node,
      hostName,
      endpoint,
      isBehindNat: host?.isBehindNat ?? false,
      statusLabel: statusDisplay(node.status).label,
      searchText: [hostName, node.address, node.address6, node.id, endpoint, host?.publicKey ?? '']
        .join(' ')
        .toLowerCase(),
    };
  });
}

export const NODE_TYPE_FILTERS = [
  'all',
  'relays',
  'relayed',
  'egress',
  'ingress',
  'internet-gateways',
  'failover',
] as const;
export type NodeTypeFilter = (typeof NODE_TYPE_FILTERS)[number];
export const NODE_STATUS_FILTERS = ['healthy', 'unstable', 'error', 'offline', 'unknown'] as const;

const TYPE_TESTS: Record<NodeTypeFilter, (node: NodeView) => boolean> = {
  all: () => true,
  relays: (node) => node.roles.isRelay,
  relayed: (node) => node.isRelayed,
  egress: (node) => node.roles.isEgress,
  ingress: (node) => node.roles.isIngress,
  'internet-gateways': (node) => node.roles.isInternetGateway,
  failover: (node) => node.isFailover,
};

/** The URL's `type` value, or "all" for a missing or unknown one (an old link must not break the page). */
export const readTypeFilter = (value: string | undefined): NodeTypeFilter =>
  (NODE_TYPE_FILTERS as readonly string[]).includes(value ?? '') ? (value as NodeTypeFilter) : 'all';

export interface NodeFilters {
  type?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
}

/** Applies the type, status and search filters of the URL in one pass over the rows. */
export function filterNodeRows(rows: readonly NodeRow[], filters: NodeFilters): readonly NodeRow[] {
  const typeTest = TYPE_TESTS[readTypeFilter(filters.type)];
  const status = (NODE_STATUS_FILTERS as readonly string[]).includes(filters.status ?? '')
    ? filters.status
    : undefined;
  const search = filters.search?.trim().toLowerCase() ?? '';
  if (typeTest === TYPE_TESTS.all && !status && !search) return rows;
  return rows.filter(
    (row) =>
      typeTest(row.node) &&
      (!status || row.statusLabel === status) &&
      (!search || row.searchText.includes(search)),
  );
}
