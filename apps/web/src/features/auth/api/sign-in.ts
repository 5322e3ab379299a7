import { toSessionUser, type AuthenticateInput } from '@meshdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { authKeys } from './auth-keys.ts';
import { authenticate } from './authenticate.ts';
import { createSuperAdmin } from './create-super-admin.ts';
import { getCurrentUser } from './get-current-user.ts';

/** The credentials were right but the platform role has deny_dashboard_access. */
export class DashboardAccessDeniedError extends Error {
  constructor() {
    super('dashboard access denied');
    this.name = 'DashboardAccessDeniedError';
  }
}

/** Logs in, loads the user and role, and stores the session only if the role may use the dashboard. */
async function signInWithPassword(credentials: AuthenticateInput): Promise<void> {
  const { token, username } = await authenticate(credentials);
  const user = await getCurrentUser(username, token);
  if (user.platform_role.deny_dashboard_access) throw new DashboardAccessDeniedError();
  useSession
    .getState()
    .signIn({ token, username, user: toSessionUser(user), platformRole: user.platform_role });
}

export const useSignIn = () => useMutation({ mutationFn: signInWithPassword });

/** First-run signup: creates the super admin, then signs in with the same credentials (features §3.2). */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: AuthenticateInput) => {
      await createSuperAdmin(credentials);
      try {
        await signInWithPassword(credentials);
      } finally {
        // Marked only now: the signup page leaves as soon as a super admin exists, and it must not leave
        // for /login while the automatic sign-in is still running.
        queryClient.setQueryData(authKeys.hasSuperAdmin(), true);
      }
    },
  });
}
