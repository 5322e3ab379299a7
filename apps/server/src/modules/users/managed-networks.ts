import { ALL_NETWORKS, allResourcesId, crudScopes, type NetworkPermissions } from '@meshdeck/contracts';
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

/**
 * Per network key, per resource type, the scopes the user's network roles grant on every resource of that type
 * (`all_<type>` entries), merged across roles; owner-bound (`self_only`) ones under `<type>:own`. Single-resource
 * grants are left out: they do not let the caller change the type's resources as a whole.
 * Full-access roles are in managedNetworks instead.
 */
export function networkPermissions(grants: Grants): NetworkPermissions {
  const result: Record<string, Record<string, Set<string>>> = {};
  for (const role of grants.networkRoles) {
    if (role.fullAccess) continue;
    for (const [type, byId] of Object.entries(role.access)) {
      const entry = byId[allResourcesId(type)];
      if (!entry) continue;
      // Owner-bound grants (a VPN user's own client configs) are listed apart: they change only the caller's own.
      const key = entry.self_only ? `${type}:own` : type;
      for (const scope of crudScopes) {
        if (!entry[scope]) continue;
        ((result[role.networkId] ??= {})[key] ??= new Set()).add(scope);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(result).map(([networkId, byType]) => [
      networkId,
      Object.fromEntries(
        Object.entries(byType).map(([type, scopes]) => [
          type,
          crudScopes.filter((scope) => scopes.has(scope)),
        ]),
      ),
    ]),
  );
}
