/**
 * Route builders (spec §2 "Routing rules"): every link and navigation in the console is built here, so a path
 * changes in one place. Ids are URL-encoded and query parameters can be appended to any path.
 */

/** Per-network sections, in the spec's order; `/networks/{id}/{section}` exists for each. */
export const NETWORK_SECTIONS = [
  'nodes',
  'remote-access',
  'relays',
  'egress',
  'internet-gateways',
  'dns',
  'graph',
  'metrics',
  'info',
  'access-control',
  'old-acls',
  'tag-manager',
  'analytics',
  'alerts',
] as const;
export type NetworkSection = (typeof NETWORK_SECTIONS)[number];

export const isNetworkSection = (value: unknown): value is NetworkSection =>
  typeof value === 'string' && (NETWORK_SECTIONS as readonly string[]).includes(value);

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends the defined query parameters, in the given order, to a path. */
export function withQuery(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/',
  dashboard: (query?: QueryParams) => withQuery('/dashboard', query),
  login: (query?: QueryParams) => withQuery('/login', query),
  notFound: () => '/404',
  hello: () => '/hello',
  devices: (query?: QueryParams) => withQuery('/devices', query),
  newHost: (query?: QueryParams) => withQuery('/hosts-new', query),
  host: (hostId: string, query?: QueryParams) => withQuery(`/hosts/${id(hostId)}`, query),
  networks: (query?: QueryParams) => withQuery('/networks', query),
  network: (networkId: string, section: NetworkSection = 'nodes', query?: QueryParams) =>
    withQuery(`/networks/${id(networkId)}/${section}`, query),
  networkHost: (networkId: string, hostId: string, query?: QueryParams) =>
    withQuery(`/networks/${id(networkId)}/hosts/${id(hostId)}`, query),
  clients: (query?: QueryParams) => withQuery('/clients', query),
  keys: (query?: QueryParams) => withQuery('/keys', query),
  activity: (query?: QueryParams) => withQuery('/activity', query),
  branding: () => '/branding',
  users: (query?: QueryParams) => withQuery('/users', query),
  createNetworkRole: () => '/users/create-network-role',
  networkRole: (roleId: string) => `/users/network-role/${id(roleId)}`,
  createGroup: () => '/users/create-group',
  group: (groupId: string, query?: QueryParams) => withQuery(`/users/group/${id(groupId)}`, query),
  platformRole: (roleId: string) => `/users/platform-role/${id(roleId)}`,
  profile: () => '/profile',
};

/** The network id and section of a per-network path, or null for any other path. */
export function readNetworkPath(pathname: string): { networkId: string; section: string } | null {
  const match = /^\/networks\/([^/]+)\/([^/]+)/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  return { networkId: decodeURIComponent(match[1]), section: match[2] };
}

/**
 * Where choosing `networkId` in the switcher goes (spec §2 "Sidebar"): the same section of the new network
 * when the user is on a network section, otherwise its nodes page. Host details are per host, so they fall
 * back to nodes too.
 */
export function switchNetworkPath(currentPathname: string, networkId: string): string {
  const current = readNetworkPath(currentPathname);
  return paths.network(networkId, current && isNetworkSection(current.section) ? current.section : 'nodes');
}
