import type { Edition } from '@meshdeck/contracts';
import {
  GLOBAL_GROUPS,
  GLOBAL_NETWORK_ROLES,
  PLATFORM_ROLES,
  type GroupDefinition,
  type RoleDefinition,
} from '../../auth/builtin-roles.ts';
import type { GroupRow } from '../groups/groups.public.ts';
import type { RoleRow } from './roles.repository.ts';

const COMMUNITY_ROLES = new Set(['super-admin', 'admin']);

/** A built-in role definition as a stored row (default, so it cannot be edited or deleted). */
export function roleRowOf(role: RoleDefinition, isDefault = true): RoleRow {
  return {
    id: role.id,
    name: role.name,
    is_default: isDefault ? 1 : 0,
    meta_data: '',
    deny_dashboard_access: role.denyDashboardAccess ? 1 : 0,
    full_access: role.fullAccess ? 1 : 0,
    network_id: role.networkId,
    network_level_access: JSON.stringify(role.networkLevelAccess),
    global_level_access: JSON.stringify(role.globalLevelAccess),
  };
}

/** A built-in group definition as a stored row. */
export function groupRowOf(group: GroupDefinition, now: string): GroupRow {
  return {
    id: group.id,
    name: group.name,
    is_default: 1,
    meta_data: '',
    network_roles: JSON.stringify(group.networkRoles),
    created_at: now,
    updated_at: now,
  };
}

/**
 * The role rows an edition starts with (api-contract §7.2, §8.1, §8.2): community has only the two admin platform
 * roles. The global network roles exist on both (community never lists them; every community user is an admin).
 */
export function platformRoleRows(edition: Edition): RoleRow[] {
  const platform =
    edition === 'community' ? PLATFORM_ROLES.filter((role) => COMMUNITY_ROLES.has(role.id)) : PLATFORM_ROLES;
  return [...platform, ...GLOBAL_NETWORK_ROLES].map((role) => roleRowOf(role));
}

/** The two global network groups, seeded on both editions like the network roles they point to. */
export function defaultGroupRows(now: string): GroupRow[] {
  return GLOBAL_GROUPS.map((group) => groupRowOf(group, now));
}
