import { isPlatformAdminRole } from '@meshdeck/contracts';
import type { FastifyRequest } from 'fastify';

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
    }
  | { kind: 'host'; hostId: string; isMaster: boolean };

type Pick = (request: FastifyRequest) => string | undefined;

/**
 * What a route requires. Every route declares one (the auth plugin refuses to start otherwise), so
 * authorization is visible at the route and enforced in one place.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; rule: 'any' | 'admin' | 'super-admin' }
  | { kind: 'user'; rule: 'self-or-admin'; username: Pick }
  | { kind: 'user'; rule: 'network-admin'; network: Pick }
  | { kind: 'host'; hostId?: Pick; orUser?: Access };

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

/** Builders for route declarations: `config: { access: access.admin() }`. */
export const access = {
  public: (): Access => ({ kind: 'public' }),
  anyUser: (): Access => ({ kind: 'user', rule: 'any' }),
  admin: (): Access => ({ kind: 'user', rule: 'admin' }),
  superAdmin: (): Access => ({ kind: 'user', rule: 'super-admin' }),
  selfOrAdmin: (from: { param?: string; query?: string }): Access => ({
    kind: 'user',
    rule: 'self-or-admin',
    username: from.param ? param(from.param) : query(from.query ?? 'username'),
  }),
  networkAdmin: (networkParam = 'network'): Access => ({ kind: 'user', rule: 'network-admin', network: param(networkParam) }),
  host: (hostIdParam?: string): Access => ({ kind: 'host', hostId: hostIdParam ? param(hostIdParam) : undefined }),
  /** A host token for that host, or a user passing `userRule` (v0.30 routes that accept either, api-contract §1.8). */
  hostOrUser: (hostIdParam: string | undefined, userRule: Access): Access => ({
    kind: 'host',
    hostId: hostIdParam ? param(hostIdParam) : undefined,
    orUser: userRule,
  }),
};

export const GLOBAL_NETWORK_ADMIN_GROUP = 'global-network-admin-grp';
export const networkAdminGroup = (networkId: string) => `${networkId}-network-admin-grp`;

/** Spec §6: platform admins, members of the global network-admin group, or of the network's admin group. */
export function isNetworkAdmin(principal: Principal, networkId: string): boolean {
  if (principal.kind !== 'user') return false;
  if (principal.isMaster || isPlatformAdminRole(principal.platformRoleId)) return true;
  return principal.groupIds.includes(GLOBAL_NETWORK_ADMIN_GROUP) || principal.groupIds.includes(networkAdminGroup(networkId));
}

/**
 * Whether a user may act on a host (add it to a network): platform and global network admins may act on any
 * host; a network-scoped admin only on a host that already has a node in a network they administer, so an
 * admin of network A cannot pull a host of network B into A.
 */
export function canManageHost(principal: Principal, hostNetworks: readonly string[]): boolean {
  if (principal.kind !== 'user') return false;
  if (principal.isMaster || isPlatformAdminRole(principal.platformRoleId) || principal.groupIds.includes(GLOBAL_NETWORK_ADMIN_GROUP)) return true;
  return hostNetworks.some((networkId) => isNetworkAdmin(principal, networkId));
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** Decides a request against its route's declaration. Pure: the plugin supplies the principal. */
export function decide(accessRule: Access, principal: Principal, request: FastifyRequest): Decision {
  if (accessRule.kind === 'public') return 'allow';
  if (accessRule.kind === 'host') {
    if (principal.kind === 'anonymous') return 'unauthenticated';
    if (principal.kind === 'user') {
      if (principal.isMaster) return 'allow';
      return accessRule.orUser ? decide(accessRule.orUser, principal, request) : 'forbidden';
    }
    const wanted = accessRule.hostId?.(request);
    return principal.isMaster || wanted === undefined || wanted === principal.hostId ? 'allow' : 'forbidden';
  }
  if (principal.kind === 'anonymous') return 'unauthenticated';
  if (principal.kind === 'host') return 'forbidden';
  if (principal.isMaster) return 'allow';
  const isAdmin = isPlatformAdminRole(principal.platformRoleId);
  switch (accessRule.rule) {
    case 'any':
      return 'allow';
    case 'admin':
      return isAdmin ? 'allow' : 'forbidden';
    case 'super-admin':
      return principal.platformRoleId === 'super-admin' ? 'allow' : 'forbidden';
    case 'self-or-admin':
      return isAdmin || accessRule.username(request) === principal.username ? 'allow' : 'forbidden';
    case 'network-admin': {
      const networkId = accessRule.network(request);
      return networkId !== undefined && isNetworkAdmin(principal, networkId) ? 'allow' : 'forbidden';
    }
  }
}
