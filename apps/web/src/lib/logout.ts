import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSession } from './session.ts';

/**
 * Forgets everything tied to the account: the session store, every session storage key and all cached
 * server data, so the next account on this browser never sees the previous one's data.
 */
export function endSession(queryClient: QueryClient | undefined): void {
  useSession.getState().clear();
  // Undefined before the cache has loaded (a 401 on the sign-in page): then there is nothing to forget.
  queryClient?.clear();
}

/** Logout: clear the session and stored keys, then go to the login page (spec §4 "Session"). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // The session goes first: the login route sends anyone still signed in on to the dashboard.
    endSession(queryClient);
    await navigate({ to: '/login', replace: true });
  }, [navigate, queryClient]);
}
