import type { UserRole, UserWithRole } from '@meshdeck/contracts';

/** A platform role as GET v1/users returns it inside `platform_role`. */
export function makeRole(overrides: Partial<UserRole> = {}): UserRole {
  return {
    id: 'super-admin',
    name: 'Super Admin',
    default: true,
    meta_data: '',
    deny_dashboard_access: false,
    full_access: true,
    network_id: '',
    network_level_access: {},
    global_level_access: {},
    ...overrides,
  };
}

/** The body of GET v1/users?username= for `username`. */
export function makeUserWithRole(username: string, role: UserRole = makeRole()): UserWithRole {
  return {
    username,
    isadmin: true,
    issuperadmin: role.id === 'super-admin',
    auth_type: 'basic_auth',
    remote_gw_ids: null,
    user_group_ids: {},
    platform_role_id: role.id,
    network_roles: {},
    last_login_time: '0001-01-01T00:00:00Z',
    display_name: '',
    account_disabled: false,
    is_mfa_enabled: false,
    num_access_tokens: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    platform_role: role,
  };
}
