import { ALL_NETWORKS, allResourcesId, type PermissionScope } from '@meshdeck/contracts';

/** `{resourceType: {resourceId: scope}}`, as roles store it (api-contract §3.11). */
export type AccessMap = Record<string, Record<string, PermissionScope>>;

/** A role as RBAC needs it: where it applies, and what it grants. */
export interface RoleDefinition {
  id: string;
  name: string;
  /** '' for platform roles, `all_networks` for global network roles, otherwise a netid. */
  networkId: string;
  fullAccess: boolean;
  denyDashboardAccess: boolean;
  networkLevelAccess: AccessMap;
  globalLevelAccess: AccessMap;
}

export interface GroupDefinition {
  id: string;
  name: string;
  /** {netid | all_networks: role ids}. */
  networkRoles: Record<string, string[]>;
}

const scope = (grant: Partial<PermissionScope>): PermissionScope => ({
  create: false,
  read: false,
  update: false,
  delete: false,
  vpn_access: false,
  self_only: false,
  ...grant,
});
const read = scope({ read: true });
const all = (type: string, grant: PermissionScope) => ({ [type]: { [allResourcesId(type)]: grant } });

/** What a network user may do in its networks (api-contract §8.2 global-network-user, v0.30 resource types). */
const networkUserAccess: AccessMap = {
  ...all('hosts', read),
  ...all('relays', read),
  ...all('inet_gw', read),
  ...all('egress', read),
  ...all('dns', read),
  ...all('acl', read),
  ...all('tag', read),
  ...all('remote_access_gw', scope({ read: true, vpn_access: true })),
  ...all('extclients', scope({ create: true, read: true, update: true, delete: true, self_only: true })),
};

const platformRole = (
  id: string,
  name: string,
  fullAccess: boolean,
  denyDashboardAccess: boolean,
  globalLevelAccess: AccessMap = {},
): RoleDefinition => ({
  id,
  name,
  networkId: '',
  fullAccess,
  denyDashboardAccess,
  networkLevelAccess: {},
  globalLevelAccess,
});

const AUDITED = [
  'hosts',
  'networks',
  'users',
  'enrollment_key',
  'dns',
  'acl',
  'tag',
  'egress',
  'relays',
  'inet_gw',
  'remote_access_gw',
  'extclients',
];
const auditorAccess: AccessMap = Object.fromEntries(
  AUDITED.map((type) => [type, { [allResourcesId(type)]: read }]),
);

/** Built-in platform roles (api-contract §8.1); community seeds only the first two. */
export const PLATFORM_ROLES: readonly RoleDefinition[] = [
  platformRole('super-admin', 'Super Admin', true, false),
  platformRole('admin', 'Admin', true, false),
  platformRole('platform-user', 'Platform User', false, false),
  platformRole('service-user', 'Service User', false, true),
  platformRole('auditor', 'Auditor', false, false, auditorAccess),
];

const networkRole = (id: string, name: string, networkId: string, fullAccess: boolean): RoleDefinition => ({
  id,
  name,
  networkId,
  fullAccess,
  denyDashboardAccess: false,
  networkLevelAccess: fullAccess ? {} : networkUserAccess,
  globalLevelAccess: {},
});

export const GLOBAL_NETWORK_ADMIN_ROLE = 'global-network-admin';
export const GLOBAL_NETWORK_USER_ROLE = 'global-network-user';
export const GLOBAL_NETWORK_ADMIN_GROUP = 'global-network-admin-grp';
export const GLOBAL_NETWORK_USER_GROUP = 'global-network-user-grp';
export const networkAdminRole = (netid: string) => `${netid}-network-admin`;
export const networkUserRole = (netid: string) => `${netid}-network-user`;
export const networkAdminGroup = (netid: string) => `${netid}-network-admin-grp`;
export const networkUserGroup = (netid: string) => `${netid}-network-user-grp`;

/** The two global network roles and groups every Pro server has (api-contract §8.2). */
export const GLOBAL_NETWORK_ROLES: readonly RoleDefinition[] = [
  networkRole(GLOBAL_NETWORK_ADMIN_ROLE, 'Network Admins', ALL_NETWORKS, true),
  networkRole(GLOBAL_NETWORK_USER_ROLE, 'Network Users', ALL_NETWORKS, false),
];
export const GLOBAL_GROUPS: readonly GroupDefinition[] = [
  {
    id: GLOBAL_NETWORK_ADMIN_GROUP,
    name: 'All Networks Admin Group',
    networkRoles: { [ALL_NETWORKS]: [GLOBAL_NETWORK_ADMIN_ROLE] },
  },
  {
    id: GLOBAL_NETWORK_USER_GROUP,
    name: 'All Networks User Group',
    networkRoles: { [ALL_NETWORKS]: [GLOBAL_NETWORK_USER_ROLE] },
  },
];

/** The admin and user roles created with a network. */
export const networkDefaultRoles = (netid: string): RoleDefinition[] => [
  networkRole(networkAdminRole(netid), `${netid} Admin`, netid, true),
  networkRole(networkUserRole(netid), `${netid} User`, netid, false),
];

/** The admin and user groups created with a network. */
export const networkDefaultGroups = (netid: string): GroupDefinition[] => [
  {
    id: networkAdminGroup(netid),
    name: `${netid} Admin Group`,
    networkRoles: { [netid]: [networkAdminRole(netid)] },
  },
  {
    id: networkUserGroup(netid),
    name: `${netid} User Group`,
    networkRoles: { [netid]: [networkUserRole(netid)] },
  },
];

/** A built-in role by id, also per-network ones (`<netid>-network-admin`); undefined for custom roles. */
export function builtinRole(id: string): RoleDefinition | undefined {
  const fixed = [...PLATFORM_ROLES, ...GLOBAL_NETWORK_ROLES].find((role) => role.id === id);
  if (fixed) return fixed;
  const match = /^(.+)-network-(admin|user)$/.exec(id);
  return match ? networkDefaultRoles(match[1]!).find((role) => role.id === id) : undefined;
}

/** A built-in group by id, also per-network ones; undefined for custom groups. */
export function builtinGroup(id: string): GroupDefinition | undefined {
  const fixed = GLOBAL_GROUPS.find((group) => group.id === id);
  if (fixed) return fixed;
  const match = /^(.+)-network-(admin|user)-grp$/.exec(id);
  return match ? networkDefaultGroups(match[1]!).find((group) => group.id === id) : undefined;
}
