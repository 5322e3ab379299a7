import {
  ZERO_TIME,
  isPlatformAdminRole,
  toWireSet,
  type ReturnUser,
  type UserRole,
} from '@meshdeck/contracts';
import type { RoleRow } from '../roles/roles.public.ts';
import type { UserRow } from './users.repository.ts';

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A stored user in the contract's ReturnUser form; never carries the password hash. */
export function presentUser(row: UserRow, accessTokenCount = 0): ReturnUser {
  const networkRoles = parseJson<Record<string, string[]>>(row.network_roles, {});
  return {
    username: row.username,
    isadmin: isPlatformAdminRole(row.platform_role_id),
    issuperadmin: row.platform_role_id === 'super-admin',
    auth_type: row.auth_type === 'oauth' ? 'oauth' : 'basic_auth',
    remote_gw_ids: null,
    user_group_ids: toWireSet(parseJson<string[]>(row.user_group_ids, [])),
    platform_role_id: row.platform_role_id,
    network_roles: Object.fromEntries(
      Object.entries(networkRoles).map(([net, roles]) => [net, toWireSet(roles)]),
    ),
    last_login_time: row.last_login_time ?? ZERO_TIME,
    display_name: row.display_name,
    account_disabled: row.account_disabled === 1,
    is_mfa_enabled: false,
    num_access_tokens: accessTokenCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A stored role in the contract's UserRole form. */
export function presentRole(row: RoleRow): UserRole {
  return {
    id: row.id,
    name: row.name,
    default: row.is_default === 1,
    meta_data: row.meta_data,
    deny_dashboard_access: row.deny_dashboard_access === 1,
    full_access: row.full_access === 1,
    network_id: row.network_id,
    network_level_access: parseJson(row.network_level_access, {}),
    global_level_access: parseJson(row.global_level_access, {}),
  };
}

/** Group ids of a stored user. */
export const userGroupIds = (row: UserRow): string[] => parseJson<string[]>(row.user_group_ids, []);
