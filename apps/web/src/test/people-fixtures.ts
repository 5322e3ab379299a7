import type { PeopleRoleWire, PeopleUserWire } from '@meshdeck/contracts';
import { useSession } from '@/lib/session.ts';
import { makeRole } from './fixtures.ts';

/** A ReturnUser as GET users lists it. */
export const makeUserWire = (username: string, overrides: Partial<PeopleUserWire> = {}): PeopleUserWire => ({
  username,
  auth_type: 'basic_auth',
  platform_role_id: 'service-user',
  user_group_ids: {},
  network_roles: {},
  display_name: '',
  account_disabled: false,
  last_login_time: '0001-01-01T00:00:00Z',
  issuperadmin: false,
  ...overrides,
});

/** A UserRole as GET v1/users/roles lists it. */
export const makeRoleWire = (id: string, overrides: Partial<PeopleRoleWire> = {}): PeopleRoleWire => ({
  id,
  name: id,
  default: true,
  meta_data: '',
  deny_dashboard_access: false,
  full_access: false,
  network_id: '',
  network_level_access: null,
  global_level_access: null,
  ...overrides,
});

/** Both role lists in one answer; the console keeps platform or network roles by `network_id`. */
export const rolesAnswer = (roles: PeopleRoleWire[]) => ({ Code: 200, Message: '', Response: roles });

/** Signs `username` in with the given platform role, straight into the session store. */
export function signInAs(username: string, platformRoleId: string): void {
  useSession.setState({
    token: 'test-token',
    username,
    user: { username, platformRoleId, isAdmin: platformRoleId.endsWith('admin'), canUseDashboard: true },
    platformRole: makeRole({ id: platformRoleId }),
  });
}
