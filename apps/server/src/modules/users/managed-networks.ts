import { ALL_NETWORKS } from '@meshdeck/contracts';
import type { Grants } from '../../auth/rbac.ts';

/**
 * The networks whose contents these grants let a user change: every network for a full-access platform role,
 * else the networks (or `all_networks`) of its full-access network roles, built-in or custom.
 */
export function managedNetworks(grants: Grants): string[] {
  if (grants.fullAccess) return [ALL_NETWORKS];
  const ids = new Set(grants.networkRoles.filter((role) => role.fullAccess).map((role) => role.networkId));
  return [...ids].sort();
}
