import type { PeopleRole } from '@meshdeck/contracts';

/** The resource types a platform role's abilities are listed for (api-contract §8.3's inferred types). */
export const PLATFORM_RESOURCES = [
  'networks',
  'hosts',
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
] as const;
export type PlatformResource = (typeof PLATFORM_RESOURCES)[number];

/** The resources that live inside a network: a platform user may read them in every network. */
const NETWORK_RESOURCES: ReadonlySet<string> = new Set([
  'networks',
  'hosts',
  'dns',
  'acl',
  'tag',
  'egress',
  'relays',
  'inet_gw',
  'remote_access_gw',
  'extclients',
]);

export const ABILITY_SCOPES = ['create', 'read', 'update', 'delete'] as const;
export type AbilityScope = (typeof ABILITY_SCOPES)[number];

export interface AbilityRow {
  resourceType: string;
  /** Set when a grant names one resource instead of all of its type. */
  resourceId?: string;
  scopes: Record<AbilityScope, boolean>;
}

const none = (): Record<AbilityScope, boolean> => ({
  create: false,
  read: false,
  update: false,
  delete: false,
});
const every = (): Record<AbilityScope, boolean> => ({ create: true, read: true, update: true, delete: true });

/**
 * What a platform role lets its users do, per resource, as the server's RBAC decides it (api-contract §8.3):
 * full access allows everything, an auditor reads everything, a platform user reads everything inside networks,
 * and every role adds its own global grants. Network roles given through groups come on top (not shown here).
 */
export function platformAbilities(role: PeopleRole): AbilityRow[] {
  const rows: AbilityRow[] = PLATFORM_RESOURCES.map((resourceType) => {
    if (role.hasFullAccess) return { resourceType, scopes: every() };
    const scopes = none();
    if (role.id === 'auditor') scopes.read = true;
    if (role.id === 'platform-user' && NETWORK_RESOURCES.has(resourceType)) scopes.read = true;
    return { resourceType, scopes };
  });
  if (role.hasFullAccess) return rows;
  const byType = new Map(rows.map((row) => [row.resourceType, row]));
  for (const grant of role.permissions) {
    const isAll = grant.resourceId === `all_${grant.resourceType}`;
    let row = isAll ? byType.get(grant.resourceType) : undefined;
    if (!row) {
      row = isAll
        ? { resourceType: grant.resourceType, scopes: none() }
        : { resourceType: grant.resourceType, resourceId: grant.resourceId, scopes: none() };
      rows.push(row);
      if (isAll) byType.set(grant.resourceType, row);
    }
    for (const scope of ABILITY_SCOPES) row.scopes[scope] ||= grant.scopes[scope];
  }
  return rows;
}
