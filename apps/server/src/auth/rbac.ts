import { ALL_NETWORKS, allResourcesId, type PermissionScope } from '@meshdeck/contracts';
import { builtinGroup, builtinRole, type AccessMap } from './builtin-roles.ts';

/** One network role a user holds through a group (or its own `network_roles`). */
export interface NetworkRoleGrant {
  roleId: string;
  /** `all_networks` or a netid. */
  networkId: string;
  fullAccess: boolean;
  access: AccessMap;
}

/** Everything RBAC needs to know about a user, resolved once per request by the auth plugin. */
export interface Grants {
  platformRoleId: string;
  fullAccess: boolean;
  globalAccess: AccessMap;
  networkRoles: readonly NetworkRoleGrant[];
}

type Scope = 'create' | 'read' | 'update' | 'delete';

/** HTTP method -> permission scope (api-contract §8.3). */
export function scopeOf(method: string): Scope {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'create';
    case 'DELETE':
      return 'delete';
    default:
      return 'update';
  }
}

// Order matters: the more specific words come first (`/nodes/{net}/{id}/createingress` is a gateway route).
const RESOURCE_WORDS: readonly [RegExp, string][] = [
  [/metrics/, 'metrics'],
  [/ingress|remote_access_gw/, 'remote_access_gw'],
  [/createrelay|deleterelay/, 'relays'],
  [/inet_gw/, 'inet_gw'],
  [/gateway|egress/, 'egress'],
  [/extclients/, 'extclients'],
  [/enrollment-keys/, 'enrollment_key'],
  [/dns/, 'dns'],
  [/acls/, 'acl'],
  [/tags/, 'tag'],
  [/failover/, 'fail_over'],
  [/hosts|nodes|graph|\/host\b/, 'hosts'],
  [/users/, 'users'],
  [/networks/, 'networks'],
];

/** The resource type a route acts on, inferred from its path as the contract describes (§8.3). */
export function resourceTypeOf(routeUrl: string): string | undefined {
  return RESOURCE_WORDS.find(([pattern]) => pattern.test(routeUrl))?.[1];
}

/** What a request asks for, in RBAC terms. */
export interface RbacTarget {
  method: string;
  resourceType: string | undefined;
  networkId?: string;
  resourceId?: string;
  /** Global requests are judged by the platform role, network-scoped ones by network roles. */
  isGlobal: boolean;
  /** For `self_only` grants: whether the caller owns the target (unknown -> not owned). */
  isOwnedByCaller?: boolean;
}

function grantsScope(access: AccessMap, target: RbacTarget, scope: Scope): boolean {
  const type = target.resourceType;
  if (type === undefined) return false;
  const byId = access[type];
  if (!byId) return false;
  const entries = [
    byId[allResourcesId(type)],
    target.resourceId === undefined ? undefined : byId[target.resourceId],
  ];
  return entries.some(
    (entry: PermissionScope | undefined) =>
      entry !== undefined && entry[scope] && (!entry.self_only || target.isOwnedByCaller === true),
  );
}

/**
 * The contract's RBAC evaluation (api-contract §8.3): full-access platform roles pass; an auditor may only read;
 * global requests are judged by the platform role's global grants; network-scoped ones let a platform-user read,
 * then try the user's `all_networks` roles (a platform-user reads only networks it holds a role in) and that network's roles (full access, or an `all_<type>` or
 * per-resource grant for the method's scope).
 */
export function rbacAllows(grants: Grants, target: RbacTarget): boolean {
  if (grants.fullAccess) return true;
  if (target.resourceType === 'metrics') return true;
  const scope = scopeOf(target.method);
  if (grants.platformRoleId === 'auditor') return scope === 'read';
  if (target.isGlobal) return grantsScope(grants.globalAccess, target, scope);
  // A platform-user reads any network it can see (holds some role in); a network it cannot see is not its to read,
  // whatever it is named in (issue 38: this shortcut let any user read every network's tags, policies and DNS).
  if (grants.platformRoleId === 'platform-user' && scope === 'read' && seesNetwork(grants, target.networkId))
    return true;
  const roles = [
    ...grants.networkRoles.filter((role) => role.networkId === ALL_NETWORKS),
    ...grants.networkRoles.filter(
      (role) => target.networkId !== undefined && role.networkId === target.networkId,
    ),
  ];
  return roles.some((role) => role.fullAccess || grantsScope(role.access, target, scope));
}

/** Whether some role of the caller is in `networkId` (or in all networks). */
export function seesNetwork(grants: Grants, networkId: string | undefined): boolean {
  return grants.networkRoles.some(
    (role) => role.networkId === ALL_NETWORKS || (networkId !== undefined && role.networkId === networkId),
  );
}

/**
 * Grants built from built-in definitions only: used when no resolved grants are at hand (unit tests, the master
 * key). Custom groups and roles need the database, which the auth plugin reads.
 */
export function builtinGrants(platformRoleId: string, groupIds: readonly string[]): Grants {
  const platform = builtinRole(platformRoleId);
  const networkRoles: NetworkRoleGrant[] = [];
  for (const groupId of groupIds) {
    for (const [networkId, roleIds] of Object.entries(builtinGroup(groupId)?.networkRoles ?? {})) {
      for (const roleId of roleIds) {
        const role = builtinRole(roleId);
        if (role)
          networkRoles.push({
            roleId,
            networkId,
            fullAccess: role.fullAccess,
            access: role.networkLevelAccess,
          });
      }
    }
  }
  return {
    platformRoleId,
    fullAccess: platform?.fullAccess ?? false,
    globalAccess: platform?.globalLevelAccess ?? {},
    networkRoles,
  };
}
