import { toSessionUser, type AuthenticateInput } from '@meshdeck/contracts';
import { useSession } from '@/lib/session.ts';
import { authenticate } from './authenticate.ts';
import { createSuperAdmin } from './create-super-admin.ts';
import { getCurrentUser } from './get-current-user.ts';
import { DashboardAccessDeniedError } from './access-denied.ts';

/** Logs in, loads the user and role, and stores the session only if the role may use the dashboard. */
export async function signInWithPassword(credentials: AuthenticateInput): Promise<void> {
  const { token, username } = await authenticate(credentials);
  const user = await getCurrentUser(username, token);
  if (user.platform_role.deny_dashboard_access) throw new DashboardAccessDeniedError();
  useSession
    .getState()
    .signIn({ token, username, user: toSessionUser(user), platformRole: user.platform_role });
}

export { createSuperAdmin };
