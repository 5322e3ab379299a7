import type { CrudScope, NetworkRoleResource, SessionUser } from '@meshdeck/contracts';
import { useMemo } from 'react';
import { useSession } from './session.ts';

/**
 * What the console offers to change (spec §6): platform admins manage everything; a network admin manages its
 * networks' nodes; everyone else gets read-only views. The server checks every request anyway: this only
 * avoids offering buttons whose call it would refuse.
 */
export const isPlatformAdmin = (user: SessionUser | null): boolean => user?.isAdmin ?? false;

/** Whether the user may change what lives inside a network (nodes, their approval and removal). */
export function canManageNetwork(user: SessionUser | null, networkId: string): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  const ids = user.adminNetworkIds ?? [];
  return ids.includes('all_networks') || ids.includes(networkId);
}

const WRITE_SCOPES: readonly CrudScope[] = ['create', 'update', 'delete'];

/**
 * Whether the user may change `resource` inside `networkId`: network admins may change everything in it; others
 * per the scopes their custom network roles grant on every resource of the type (the server's
 * `network_permissions`), for `scope` or, without one, for any write. A read-only role therefore gets no write
 * control anywhere; the server still judges each request on its own.
 */
export function canChangeInNetwork(
  user: SessionUser | null,
  networkId: string,
  resource: NetworkRoleResource,
  scope?: CrudScope,
): boolean {
  if (canManageNetwork(user, networkId)) return true;
  const permissions = user?.networkPermissions ?? {};
  const granted = [
    ...(permissions.all_networks?.[resource] ?? []),
    ...(permissions[networkId]?.[resource] ?? []),
  ];
  return scope ? granted.includes(scope) : granted.some((held) => WRITE_SCOPES.includes(held));
}

/** The signed-in user is a platform admin (global writes: networks, keys, devices). */
export const useIsPlatformAdmin = (): boolean => useSession((state) => isPlatformAdmin(state.user));

/** The signed-in user may change what lives inside `networkId`. */
export const useCanManageNetwork = (networkId: string): boolean =>
  useSession((state) => canManageNetwork(state.user, networkId));

/** The signed-in user may change `resource` inside `networkId` (see canChangeInNetwork). */
export const useCanChangeInNetwork = (
  networkId: string,
  resource: NetworkRoleResource,
  scope?: CrudScope,
): boolean => useSession((state) => canChangeInNetwork(state.user, networkId, resource, scope));

/**
 * Which writes on one resource kind of a network the signed-in user may send. The server judges a request by its
 * method (POST create, PUT update, DELETE delete) on the route's resource kind, so each button asks for the scope
 * of the request it sends (decision 053); a preview (…/preview) passes with any of them.
 */
export interface NetworkWrites {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** The signed-in user's writes on `resource` in `networkId`: one object while the grants stay the same. */
export function useNetworkWrites(networkId: string, resource: NetworkRoleResource): NetworkWrites {
  const canCreate = useCanChangeInNetwork(networkId, resource, 'create');
  const canUpdate = useCanChangeInNetwork(networkId, resource, 'update');
  const canDelete = useCanChangeInNetwork(networkId, resource, 'delete');
  // Stable while the grants stay the same, so tables built from it are not rebuilt on every render.
  return useMemo(() => ({ canCreate, canUpdate, canDelete }), [canCreate, canUpdate, canDelete]);
}

/** Any write at all: whether a page or row shows its write controls (menus, selection) at all. */
export const hasAnyWrite = (writes: NetworkWrites): boolean =>
  writes.canCreate || writes.canUpdate || writes.canDelete;

const ROLE_RESOURCES = { relay: 'relays', egress: 'egress', internetGateway: 'inet_gw' } as const;

/** Which of a routing role's buttons the signed-in user may use (decision 053: each button, its own scope). */
export interface RoleWrites {
  /** Make a node a holder (POST). */
  canCreate: boolean;
  /** Change a holder in its dialog: relays and egress gateways POST their create route again, internet gateways PUT. */
  canUpdate: boolean;
  /** Remove the role (DELETE). */
  canDelete: boolean;
}

/** The routing role's buttons (relay, egress gateway, internet gateway) the signed-in user may use in `networkId`. */
export function useRoleWrites(networkId: string, role: keyof typeof ROLE_RESOURCES): RoleWrites {
  const writes = useNetworkWrites(networkId, ROLE_RESOURCES[role]);
  return useMemo(
    () => (role === 'internetGateway' ? writes : { ...writes, canUpdate: writes.canCreate }),
    [role, writes],
  );
}

/**
 * Taking one member out of a holder (a relayed node, an egress range) sends the holder's create route with the
 * others, or removes the role when none are left: the scope depends on what remains.
 */
export const canTakeOut = (writes: RoleWrites, othersLeft: number): boolean =>
  othersLeft > 0 ? writes.canCreate : writes.canDelete;

/**
 * Whether the signed-in user may send `scope` on one remote-access client: any client of its network by role, or
 * its own through a self-only grant (extclients:own).
 */
export function canChangeClient(
  user: SessionUser | null,
  client: { network: string; ownerId: string },
  scope: CrudScope,
): boolean {
  if (canChangeInNetwork(user, client.network, 'extclients', scope)) return true;
  if (!user || client.ownerId !== user.username) return false;
  const permissions = user.networkPermissions ?? {};
  return [permissions.all_networks, permissions[client.network]].some((byType) =>
    byType?.['extclients:own']?.includes(scope),
  );
}

/** The signed-in user may create remote-access client configs in `networkId`: anyone's, or (VPN users) its own. */
export const useCanCreateClients = (networkId: string): boolean =>
  useSession((state) => {
    if (canChangeInNetwork(state.user, networkId, 'extclients', 'create')) return true;
    const permissions = state.user?.networkPermissions ?? {};
    return [permissions.all_networks, permissions[networkId]].some((byType) =>
      byType?.['extclients:own']?.includes('create'),
    );
  });
