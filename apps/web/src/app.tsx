import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AppErrorBoundary } from './components/layout/app-error-boundary.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { isApiError } from './lib/api-error.ts';
import { DEFAULT_THEME } from './lib/constants.ts';
import { endSession } from './lib/logout.ts';
import { createAppRouter, type AppRouter } from './routes/router.tsx';
import { colorSchemeManager, theme } from './theme.ts';

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

/** What any 401 outside the login call does: forget the session, then a client-side move to /login. */
export function installUnauthorizedHandler(router: AppRouter, queryClient: QueryClient): () => void {
  setUnauthorizedHandler(() => {
    endSession(queryClient);
    if (router.state.location.pathname === '/login') return;
    void router.navigate({ to: '/login', search: { redirect: router.state.location.href, expired: true } });
  });
  return () => setUnauthorizedHandler(null);
}

/** All providers: Mantine (theme, notifications, modals), TanStack Query and the router. */
export function App({ history }: { history?: RouterHistory }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient, history));
  useEffect(() => installUnauthorizedHandler(router, queryClient), [router, queryClient]);

  return (
    <MantineProvider theme={theme} defaultColorScheme={DEFAULT_THEME} colorSchemeManager={colorSchemeManager}>
      <AppErrorBoundary>
        <Notifications position="top-right" />
        <ModalsProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
