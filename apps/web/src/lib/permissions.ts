import type { CrudScope, NetworkRoleResource, SessionUser } from '@meshdeck/contracts';
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

/** The signed-in user may create remote-access client configs in `networkId`: anyone's, or (VPN users) its own. */
export const useCanCreateClients = (networkId: string): boolean =>
  useSession((state) => {
    if (canChangeInNetwork(state.user, networkId, 'extclients', 'create')) return true;
    const permissions = state.user?.networkPermissions ?? {};
    return [permissions.all_networks, permissions[networkId]].some((byType) =>
      byType?.['extclients:own']?.includes('create'),
    );
  });
