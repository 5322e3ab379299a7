import { toSessionUser } from '@meshdeck/contracts';
import { apiBaseOf, type HostedStart } from '@/lib/hosted.ts';
import { useSession } from '@/lib/session.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys.ts';
import { DashboardAccessDeniedError } from './access-denied.ts';
import { getCurrentUser } from './get-current-user.ts';

/**
 * Signs in with what the account site handed over (spec §2 hosted query parameters): any earlier session is
 * forgotten, the API base becomes the tenant's backend, and the token is checked as after a password login
 * (GET v1/users?username=, spec §7) before the session and the tenant's name and id are stored.
 */
export async function signInHosted(start: HostedStart): Promise<void> {
  const session = useSession.getState();
  session.clear();
  useSession.setState({ baseUrl: apiBaseOf(start.backend) });
  const user = await getCurrentUser(start.username, start.token);
  if (user.platform_role.deny_dashboard_access) throw new DashboardAccessDeniedError();
  useSession.setState({ tenantId: start.tenantId || null, tenantName: start.tenantName || null });
  storage.set(STORAGE_KEYS.amuiAuthToken, start.sToken || null);
  storage.set(STORAGE_KEYS.amuiUserId, start.userId || null);
  storage.set(STORAGE_KEYS.isNewTenant, start.isNewTenant ? 'true' : null);
  useSession.getState().signIn({
    token: start.token,
    username: start.username,
    user: toSessionUser(user),
    platformRole: user.platform_role,
  });
}
