import { ALL_NETWORKS, allResourcesId } from '@meshdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { network, type NetworkLocator } from './network-locator.ts';
import { builtinGrants, rbacAllows, resourceTypeOf, type Grants, type RbacTarget } from './rbac.ts';

/** Who is calling, once the auth plugin has checked the bearer token. */
export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      username: string;
      platformRoleId: string;
      groupIds: readonly string[];
      isMaster: boolean;
      /** When the session token expires (epoch ms); undefined for the master key, which does not expire. */
      expiresAt?: number;
      /** Resolved roles (the auth plugin reads custom groups and roles); built-in definitions when absent. */
      grants?: Grants;
    }
  | { kind: 'host'; hostId: string; isMaster: boolean };

type Pick = (request: FastifyRequest) => string | undefined;

/**
 * What a route requires. Every route declares one (the auth plugin refuses to register it otherwise), so
 * authorization is visible at the route and enforced in one place. Every rule but `public` carries `network`, where
 * the route finds the network it acts in (auth/network-locator.ts, decision 046): the plugin resolves it, from the
 * object when the route names one, and RBAC judges the request on it.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; rule: 'any' | 'admin' | 'super-admin'; network: NetworkLocator }
  | { kind: 'user'; rule: 'self-or-admin'; username: Pick; network: NetworkLocator }
  | { kind: 'user'; rule: 'network-admin'; network: NetworkLocator }
  | { kind: 'user'; rule: 'client-owner'; network: NetworkLocator }
  | { kind: 'user'; rule: 'host-reader'; network: NetworkLocator }
  | { kind: 'host'; hostId?: Pick; orUser?: Access; network: NetworkLocator };

const param =
  (name: string): Pick =>
  (request) => {
    const params = request.params as Record<string, string | undefined> | undefined;
    return params?.[name];
  };
const query =
  (name: string): Pick =>
  (request) => {
    const values = request.query as Record<string, unknown> | undefined;
    const value = values?.[name];
    return typeof value === 'string' ? value : undefined;
  };

const PEOPLE = network.global('people and their own things: no network');

/**
 * Builders for route declarations: `config: { access: access.admin(network.global('...')) }`. The `where`
 * argument says how the route finds its network (`network.param`, `network.query`, `network.of`, `network.body`,
 * `network.global`).
 */
export const access = {
  public: (): Access => ({ kind: 'public' }),
  anyUser: (where: NetworkLocator): Access => ({ kind: 'user', rule: 'any', network: where }),
  /** RBAC (api-contract §8.3) on the network `where` finds (global when none): admins always pass. */
  admin: (where: NetworkLocator): Access => ({ kind: 'user', rule: 'admin', network: where }),
  superAdmin: (): Access => ({
    kind: 'user',
    rule: 'super-admin',
    network: network.global('the super admin only'),
  }),
  selfOrAdmin: (from: { param?: string; query?: string }): Access => ({
    kind: 'user',
    rule: 'self-or-admin',
    username: from.param ? param(from.param) : query(from.query ?? 'username'),
    network: PEOPLE,
  }),
  /** RBAC scoped to the network `where` finds: network admins pass, others per their network roles. */
  networkAdmin: (where: NetworkLocator): Access => ({ kind: 'user', rule: 'network-admin', network: where }),
  /**
   * External clients (api-contract §8.3 `self_only`): RBAC as for network-admin, but a `self_only` grant passes
   * too; the service then limits the caller to clients they own (see extClientReach).
   */
  clientOwner: (where: NetworkLocator): Access => ({ kind: 'user', rule: 'client-owner', network: where }),
  /**
   * Reads of one host named by `hostIdParam`: callers who see every network (admins, auditors), or who see one of
   * the networks the host is in. A host has no network in its path, so RBAC alone would let any platform user and
   * any network's user read every host's endpoints and interfaces (issue 29).
   */
  hostReader: (hostIdParam = 'hostid'): Access => ({
    kind: 'user',
    rule: 'host-reader',
    network: network.of('host', hostIdParam),
  }),
  /** A host token (for the host named by `hostIdParam`, if given); the plugin also keeps it to its networks. */
  host: (where: NetworkLocator, hostIdParam?: string): Access => ({
    kind: 'host',
    hostId: hostIdParam ? param(hostIdParam) : undefined,
    network: where,
  }),
  /** A host token for that host, or a user passing `userRule` (v0.30 routes that accept either, api-contract §1.8). */
  hostOrUser: (hostIdParam: string | undefined, userRule: Access): Access => ({
    kind: 'host',
    hostId: hostIdParam ? param(hostIdParam) : undefined,
    orUser: userRule,
    network: userRule.kind === 'public' ? network.global('public') : userRule.network,
  }),
};

export { GLOBAL_NETWORK_ADMIN_GROUP, networkAdminGroup } from './builtin-roles.ts';

/** The caller's resolved roles; undefined for hosts and anonymous callers. */
export function grantsOf(principal: Principal): Grants | undefined {
  if (principal.kind !== 'user') return undefined;
  if (principal.isMaster)
    return { platformRoleId: 'super-admin', fullAccess: true, globalAccess: {}, networkRoles: [] };
  return principal.grants ?? builtinGrants(principal.platformRoleId, principal.groupIds);
}

/** Spec §6: platform admins (full access), or holders of a full-access role for all networks or this network. */
export function isNetworkAdmin(principal: Principal, networkId: string): boolean {
  const grants = grantsOf(principal);
  if (!grants) return false;
  if (grants.fullAccess) return true;
  return grants.networkRoles.some(
    (role) => role.fullAccess && (role.networkId === ALL_NETWORKS || role.networkId === networkId),
  );
}

/**
 * Whether a user may see a network at all (lists, the push stream): full-access and auditor platform roles see
 * every network; everyone else only networks they hold some role in (directly or through all_networks).
 */
export function canSeeNetwork(principal: Principal, networkId: string): boolean {
  const grants = grantsOf(principal);
  if (!grants) return false;
  if (grants.fullAccess || grants.platformRoleId === 'auditor') return true;
  return grants.networkRoles.some((role) => role.networkId === ALL_NETWORKS || role.networkId === networkId);
}

/** Whether the caller sees platform-wide resources (hosts list, users, keys): full access or auditor. */
export function canSeeEverything(principal: Principal): boolean {
  const grants = grantsOf(principal);
  return grants !== undefined && (grants.fullAccess || grants.platformRoleId === 'auditor');
}

/**
 * Whether a user may act on a host (add it to a network): platform and global network admins may act on any
 * host; a network-scoped admin only on a host that already has a node in a network they administer, so an
 * admin of network A cannot pull a host of network B into A.
 */
export function canManageHost(principal: Principal, hostNetworks: readonly string[]): boolean {
  const grants = grantsOf(principal);
  if (!grants) return false;
  if (
    grants.fullAccess ||
    grants.networkRoles.some((role) => role.fullAccess && role.networkId === ALL_NETWORKS)
  )
    return true;
  return hostNetworks.some((networkId) => isNetworkAdmin(principal, networkId));
}

const RESOURCE_ID_PARAMS = ['nodeid', 'hostid', 'keyID', 'id'];
// Requests on these types are always global, whatever their path carries (api-contract §8.3).
// Writes to a network's own definition stay with platform admins, as this server decided before RBAC (decision
// record idsrv-rbac): a network admin manages what is in the network, not the network itself.
const ALWAYS_GLOBAL = new Set(['users', 'enrollment_key']);
const isNetworkDefinitionWrite = (type: string | undefined, method: string) =>
  type === 'networks' && method !== 'GET';

/**
 * Reads an RBAC target off a request: its route's resource type, resource id and scope, and `networkId`, the network
 * the auth plugin resolved for it (never read from the raw request: a request names networks it may not act in).
 */
export function rbacTargetOf(request: FastifyRequest, networkId: string | undefined): RbacTarget {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const resourceId = RESOURCE_ID_PARAMS.map((name) => params[name]).find((value) => value !== undefined);
  // Unit tests pass bare objects; a real request always has its route's URL pattern and method.
  const routeUrl = (request.routeOptions as { url?: string } | undefined)?.url ?? request.url ?? '';
  const resourceType = resourceTypeOf(routeUrl);
  const method = request.method ?? 'GET';
  const isGlobal =
    (resourceType !== undefined && ALWAYS_GLOBAL.has(resourceType)) ||
    isNetworkDefinitionWrite(resourceType, method) ||
    (networkId === undefined && resourceId === undefined);
  return { method, resourceType, networkId, resourceId, isGlobal };
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** What the auth plugin resolved before deciding. */
export interface DecisionContext {
  /**
   * The networks the request acts in, as its route's locator found them (undefined: a global request). One for
   * most requests; a host's memberships for a host.
   */
  networks?: readonly string[];
  /** For host principals: the networks the calling host has nodes in. */
  callerHostNetworks?: readonly string[];
}

const WRITE_METHODS = ['POST', 'PUT', 'DELETE'] as const;

/**
 * RBAC for one target. A preview (a route ending in /preview: policies, tags, the matrix) saves nothing and answers
 * what a create, update or delete would change, so any write scope on its resource passes (decision 053): a role
 * that may only update policies may preview its update, though the preview is a POST.
 */
function allowsTarget(grants: Grants, request: FastifyRequest, target: RbacTarget): boolean {
  const routeUrl = (request.routeOptions as { url?: string } | undefined)?.url ?? '';
  if (!routeUrl.endsWith('/preview')) return rbacAllows(grants, target);
  return WRITE_METHODS.some((method) => rbacAllows(grants, { ...target, method }));
}

/** RBAC over the resolved networks: a read passes if one network allows it, a write only if every one does. */
function rbacOver(grants: Grants, request: FastifyRequest, networks: readonly string[] | undefined): boolean {
  if (networks === undefined || networks.length === 0)
    return allowsTarget(grants, request, rbacTargetOf(request, undefined));
  const allows = (networkId: string) => allowsTarget(grants, request, rbacTargetOf(request, networkId));
  return (request.method ?? 'GET') === 'GET' ? networks.some(allows) : networks.every(allows);
}

/** Decides a request against its route's declaration. Pure: the plugin supplies the principal and context. */
export function decide(
  accessRule: Access,
  principal: Principal,
  request: FastifyRequest,
  context: DecisionContext = {},
): Decision {
  if (accessRule.kind === 'public') return 'allow';
  if (accessRule.kind === 'host') {
    if (principal.kind === 'anonymous') return 'unauthenticated';
    if (principal.kind === 'user') {
      if (principal.isMaster) return 'allow';
      return accessRule.orUser ? decide(accessRule.orUser, principal, request, context) : 'forbidden';
    }
    if (principal.isMaster) return 'allow';
    const wanted = accessRule.hostId?.(request);
    if (wanted !== undefined && wanted !== principal.hostId) return 'forbidden';
    // A host acts only in its own networks: an object of another network is not its to touch.
    const networks = context.networks;
    if (networks !== undefined && !networks.some((netid) => context.callerHostNetworks?.includes(netid)))
      return 'forbidden';
    return 'allow';
  }
  if (principal.kind === 'anonymous') return 'unauthenticated';
  if (principal.kind === 'host') return 'forbidden';
  if (principal.isMaster) return 'allow';
  const grants = grantsOf(principal);
  const rbac = (): Decision =>
    grants && rbacOver(grants, request, context.networks) ? 'allow' : 'forbidden';
  switch (accessRule.rule) {
    case 'any':
      return 'allow';
    case 'admin':
      return rbac();
    case 'super-admin':
      return principal.platformRoleId === 'super-admin' ? 'allow' : 'forbidden';
    case 'self-or-admin':
      return accessRule.username(request) === principal.username ? 'allow' : rbac();
    case 'network-admin':
      return rbac();
    case 'client-owner':
      return extClientReach(principal, request, context.networks?.[0]) === 'none' ? 'forbidden' : 'allow';
    case 'host-reader':
      return canSeeEverything(principal) ||
        (context.networks ?? []).some((networkId) => canSeeNetwork(principal, networkId))
        ? 'allow'
        : 'forbidden';
  }
}

/**
 * How far a user reaches over a network's external clients in this request (api-contract §8.3 `self_only`):
 * 'all' through a grant that is not owner-bound, 'own' through a `self_only` grant or a platform-user's read,
 * 'none' otherwise. A platform-user may read any network resource it can see, but other people's clients carry
 * private keys, so that read shortcut only reaches the caller's own clients.
 */
export function extClientReach(
  principal: Principal,
  request: FastifyRequest,
  networkId: string | undefined,
): 'all' | 'own' | 'none' {
  const grants = grantsOf(principal);
  if (!grants) return 'none';
  const target = rbacTargetOf(request, networkId);
  const rolesOnly = grants.platformRoleId === 'platform-user' ? { ...grants, platformRoleId: '' } : grants;
  if (rbacAllows(rolesOnly, { ...target, isOwnedByCaller: false })) return 'all';
  return rbacAllows(grants, { ...target, isOwnedByCaller: true }) ? 'own' : 'none';
}

/**
 * Whether a user may connect through a remote-access gateway by role (spec §9 RAC): network admins always; others
 * through a network role granting `vpn_access` on that gateway or on all gateways of the network.
 */
export function canUseGateway(principal: Principal, networkId: string, gatewayNodeId: string): boolean {
  const grants = grantsOf(principal);
  if (!grants) return false;
  if (isNetworkAdmin(principal, networkId)) return true;
  return grants.networkRoles.some((role) => {
    if (role.networkId !== ALL_NETWORKS && role.networkId !== networkId) return false;
    const byId = role.access.remote_access_gw;
    return [byId?.[allResourcesId('remote_access_gw')], byId?.[gatewayNodeId]].some(
      (entry) => entry?.vpn_access === true,
    );
  });
}
