import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AppErrorBoundary } from './components/layout/app-error-boundary.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { isApiError } from './lib/api-error.ts';
import { DEFAULT_THEME } from './lib/constants.ts';
import { endSession } from './lib/logout.ts';
import { createAppRouter, type AppRouter } from './routes/router.tsx';
import { colorSchemeManager, theme } from './theme.ts';

// Toasts only ever follow a user action, so their component (and its transition engine) loads after the page.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

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

/** Calls `onReady` once, when the router has resolved and rendered its first location. */
function useFirstRender(router: AppRouter, onReady: (() => void) | undefined): void {
  useEffect(() => {
    if (!onReady) return;
    if (router.state.resolvedLocation) return onReady();
    return router.subscribe('onResolved', () => onReady());
  }, [router, onReady]);
}

/**
 * All providers: Mantine (theme, notifications), TanStack Query and the router. The modals provider lives in
 * the signed-in shell, the only place that opens confirmation modals. `onReady` tells the boot code (and so
 * the splash) that the first page is on screen.
 */
export function App({ history, onReady }: { history?: RouterHistory; onReady?: () => void }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient, history));
  useEffect(() => installUnauthorizedHandler(router, queryClient), [router, queryClient]);
  useFirstRender(router, onReady);

  return (
    <MantineProvider theme={theme} defaultColorScheme={DEFAULT_THEME} colorSchemeManager={colorSchemeManager}>
      <AppErrorBoundary>
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
