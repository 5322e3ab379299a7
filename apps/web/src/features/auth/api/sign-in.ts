import type { AuthenticateInput } from '@meshdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-keys.ts';

// Its own module: the sign-in page's error alert needs the class, not this module's query-cache hooks.
export { DashboardAccessDeniedError } from './access-denied.ts';

// The calls and the contract schemas that check their answers load on submit, not with the sign-in page:
// the form is usable sooner, and /login stays inside its size budget (scripts/size.mjs).
const loadFlow = () => import('./sign-in-flow.ts');

export const useSignIn = () =>
  useMutation({
    mutationFn: async (credentials: AuthenticateInput) => (await loadFlow()).signInWithPassword(credentials),
  });

/** First-run signup: creates the super admin, then signs in with the same credentials (features §3.2). */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: AuthenticateInput) => {
      const flow = await loadFlow();
      await flow.createSuperAdmin(credentials);
      try {
        await flow.signInWithPassword(credentials);
      } finally {
        // Marked only now: the signup page leaves as soon as a super admin exists, and it must not leave
        // for /login while the automatic sign-in is still running.
        queryClient.setQueryData(authKeys.hasSuperAdmin(), true);
      }
    },
  });
}
