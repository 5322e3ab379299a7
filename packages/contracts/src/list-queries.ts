import type { HostListItem, ListStatusFilter, NodeFlag, NodeListItem, NodeTypeFilter } from './lists.ts';

/**
 * Filtering and sorting of the lean list rows, shared by the server's list routes and the console's local
 * filtering so both always agree on what a search matches and in which order rows come.
 */

const STATUS_FILTER: Record<string, ListStatusFilter> = {
  online: 'healthy',
  warning: 'unstable',
  error: 'error',
  offline: 'offline',
};

/** The console's status label of a server status value (spec §4). */
export const statusFilterOf = (status: string): ListStatusFilter => STATUS_FILTER[status] ?? 'unknown';

// Worst first: an error needs attention before a silent node, which needs it before a flaky one.
const SEVERITY: Record<string, number> = {
  error: 5,
  offline: 4,
  warning: 3,
  unknown: 2,
  disabled: 1,
  enabled: 0,
  online: 0,
};

/** A host's status is the worst of its nodes' (features §3.6); a host without nodes is unknown. */
export function worstNodeStatus(statuses: readonly string[]): string {
  let worst: string | undefined;
  for (const status of statuses)
    if (worst === undefined || (SEVERITY[status] ?? 2) > (SEVERITY[worst] ?? 2)) worst = status;
  return worst ?? 'unknown';
}

const TYPE_FLAG: Record<NodeTypeFilter, NodeFlag> = {
  relays: 'relay',
  relayed: 'relayed',
  egress: 'egress',
  ingress: 'ingress',
  'internet-gateways': 'internetGateway',
  failover: 'failover',
};

/** What a node search matches: name, addresses, id, endpoint and public key (features §3.11), lower-cased. */
export const nodeSearchText = (item: NodeListItem): string =>
  `${item.name} ${item.address} ${item.address6} ${item.id} ${item.endpoint} ${item.publicKey}`.toLowerCase();

/** What a device search matches: name, id, endpoints, public key and version (features §3.6), lower-cased. */
export const hostSearchText = (item: HostListItem): string =>
  `${item.name} ${item.id} ${item.endpoint} ${item.endpoint6} ${item.publicKey} ${item.version}`.toLowerCase();

export interface ListFilter {
  search?: string | undefined;
  status?: ListStatusFilter | undefined;
  type?: NodeTypeFilter | undefined;
}

/** A predicate for node rows; `searchText` lets callers pass a cached lower-cased text per row. */
export function nodeMatcher(filter: ListFilter, searchText: (item: NodeListItem) => string = nodeSearchText) {
  const search = filter.search?.trim().toLowerCase() ?? '';
  const flag = filter.type ? TYPE_FLAG[filter.type] : undefined;
  return (item: NodeListItem) =>
    (!flag || item.flags.includes(flag)) &&
    (!filter.status || statusFilterOf(item.status) === filter.status) &&
    (!search || searchText(item).includes(search));
}

/** A predicate for host rows. */
export function hostMatcher(filter: ListFilter, searchText: (item: HostListItem) => string = hostSearchText) {
  const search = filter.search?.trim().toLowerCase() ?? '';
  return (item: HostListItem) =>
    (!filter.status || statusFilterOf(item.status) === filter.status) &&
    (!search || searchText(item).includes(search));
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** IPv4 addresses sort by value (10.0.0.9 before 10.0.0.10); anything else by text. */
function ipv4Value(address: string): number {
  const parts = address.split('/')[0]?.split('.') ?? [];
  if (parts.length !== 4) return Number.NaN;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}
const compareAddress = (a: string, b: string) => {
  const [x, y] = [ipv4Value(a), ipv4Value(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? compareText(a, b) : x - y;
};

type Compare<T> = (a: T, b: T) => number;
const NODE_COMPARE: Record<string, Compare<NodeListItem>> = {
  name: (a, b) => compareText(a.name, b.name),
  address: (a, b) => compareAddress(a.address || a.address6, b.address || b.address6),
  endpoint: (a, b) => compareAddress(a.endpoint, b.endpoint),
  status: (a, b) => compareText(statusFilterOf(a.status), statusFilterOf(b.status)),
};
const HOST_COMPARE: Record<string, Compare<HostListItem>> = {
  name: (a, b) => compareText(a.name, b.name),
  endpoint: (a, b) => compareAddress(a.endpoint, b.endpoint),
  endpoint6: (a, b) => compareText(a.endpoint6, b.endpoint6),
  port: (a, b) => a.listenPort - b.listenPort,
  version: (a, b) => compareText(a.version, b.version),
  status: (a, b) => compareText(statusFilterOf(a.status), statusFilterOf(b.status)),
};

/** The comparator of a sort parameter (`key` or `-key`); ties break by name then id, so the order is total. */
function comparator<T extends { id: string; name: string }>(
  table: Record<string, Compare<T>>,
  sort: string | undefined,
): Compare<T> {
  const isDescending = sort?.startsWith('-') ?? false;
  const compare = table[(sort ?? 'name').replace(/^-/, '')] ?? table.name ?? (() => 0);
  const direction = isDescending ? -1 : 1;
  return (a, b) => direction * compare(a, b) || compareText(a.name, b.name) || compareText(a.id, b.id);
}

export const compareNodeItems = (sort: string | undefined) => comparator(NODE_COMPARE, sort);
export const compareHostItems = (sort: string | undefined) => comparator(HOST_COMPARE, sort);
