import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/**
 * The console's query client. Its module (TanStack Query's core) loads after the sign-in form is usable, or
 * before the first signed-in page (lib/deferred-query-client.ts), so /login does not download it (issue 8).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not fix themselves on retry; network hiccups might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
