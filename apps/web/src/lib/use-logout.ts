import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { endSession } from './end-session.ts';

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
