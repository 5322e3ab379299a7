import type { AuthenticateInput } from '@meshdeck/contracts';
import { useCallback, useState } from 'react';

interface SignInState {
  isPending: boolean;
  error: Error | null;
}

/**
 * The sign-in form's call, in React state rather than a query-cache mutation: /login does not load TanStack
 * Query (issue 8). The call and the contract schemas that check its answers load on submit (sign-in-flow.ts).
 */
export function usePasswordSignIn() {
  const [state, setState] = useState<SignInState>({ isPending: false, error: null });
  const mutate = useCallback((credentials: AuthenticateInput, { onSuccess }: { onSuccess: () => void }) => {
    setState({ isPending: true, error: null });
    import('./sign-in-flow.ts')
      .then((flow) => flow.signInWithPassword(credentials))
      .then(
        () => {
          setState({ isPending: false, error: null });
          onSuccess();
        },
        (error: unknown) =>
          setState({ isPending: false, error: error instanceof Error ? error : new Error(String(error)) }),
      );
  }, []);
  return { ...state, isError: state.error !== null, mutate };
}
