import { toSessionUser } from '@meshdeck/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { getCurrentUser } from './get-current-user.ts';
import { DashboardAccessDeniedError } from './access-denied.ts';

/**
 * Finishes a single sign-on: the server sent the browser back to /login?login=<jwt>&user=<name> (api-contract
 * §7.2). The token is checked the same way as after a password login before the session is stored.
 */
async function signInWithToken({ token, username }: { token: string; username: string }): Promise<void> {
  const user = await getCurrentUser(username, token);
  if (user.platform_role.deny_dashboard_access) throw new DashboardAccessDeniedError();
  useSession
    .getState()
    .signIn({ token, username, user: toSessionUser(user), platformRole: user.platform_role });
}

export const useSignInWithToken = () => useMutation({ mutationFn: signInWithToken });
