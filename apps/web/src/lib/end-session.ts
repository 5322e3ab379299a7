import type { QueryClient } from '@tanstack/react-query';
import { useSession } from './session.ts';

/**
 * Forgets everything tied to the account: the session store, every session storage key and all cached
 * server data, so the next account on this browser never sees the previous one's data.
 */
export function endSession(queryClient: QueryClient): void {
  useSession.getState().clear();
  queryClient.clear();
}
