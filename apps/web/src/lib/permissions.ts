import type { SessionUser } from '@meshdeck/contracts';
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

/** The signed-in user is a platform admin (global writes: networks, keys, devices). */
export const useIsPlatformAdmin = (): boolean => useSession((state) => isPlatformAdmin(state.user));

/** The signed-in user may change what lives inside `networkId`. */
export const useCanManageNetwork = (networkId: string): boolean =>
  useSession((state) => canManageNetwork(state.user, networkId));
