import { toSessionUser, type AuthenticateInput } from '@meshdeck/contracts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';
import { authenticate } from './authenticate.ts';
import { createSuperAdmin } from './create-super-admin.ts';
import { getCurrentUser } from './get-current-user.ts';
import { DashboardAccessDeniedError } from './access-denied.ts';

/** The server's answer to a console login of a role with deny_dashboard_access (api-contract §8.3). */
const DASHBOARD_DENIED_MESSAGE = 'access denied to dashboard';

/**
 * Logs in, loads the user and role, and stores the session only if the role may use the dashboard. The server
 * itself refuses such a login from the console (401 "access denied to dashboard"); both ways end in
 * DashboardAccessDeniedError, so pages can say where the account is used instead of showing a failure.
 */
export async function signInWithPassword(credentials: AuthenticateInput): Promise<void> {
  const { token, username } = await authenticate(credentials).catch((error: unknown) => {
    if (isApiError(error) && error.message.trim().toLowerCase() === DASHBOARD_DENIED_MESSAGE)
      throw new DashboardAccessDeniedError();
    throw error;
  });
  const user = await getCurrentUser(username, token);
  if (user.platform_role.deny_dashboard_access) throw new DashboardAccessDeniedError();
  useSession
    .getState()
    .signIn({ token, username, user: toSessionUser(user), platformRole: user.platform_role });
}

export { createSuperAdmin };
