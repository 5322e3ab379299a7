// Mantine's reset, default variables and body styles only: /login is drawn without Mantine's components, whose
// stylesheets load with MantineRoot (mantine-components.css). In Mantine's layer, so the console's styles win.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './theme-variables.css';
import { QueryClientContext } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AppErrorBoundary } from './components/layout/app-error-boundary.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { createDeferredQueryClient, type DeferredQueryClient } from './lib/deferred-query-client.ts';
import { endSession } from './lib/logout.ts';
import { createAppRouter, type AppRouter } from './routes/router.tsx';

/** What any 401 outside the login call does: forget the session, then a client-side move to /login. */
export function installUnauthorizedHandler(router: AppRouter, queryClient: DeferredQueryClient): () => void {
  setUnauthorizedHandler(() => {
    endSession(queryClient.current());
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
 * TanStack Query's context, filled once the deferred client has loaded. The element never changes type, so
 * the tree below (the router and the page) keeps its state when the client arrives. It does what
 * QueryClientProvider does (mount the client for focus and online events) without needing the client first.
 */
function DeferredQueryProvider({ client, children }: { client: DeferredQueryClient; children: ReactNode }) {
  const queryClient = useSyncExternalStore(client.subscribe, client.current);
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  return <QueryClientContext.Provider value={queryClient}>{children}</QueryClientContext.Provider>;
}

/**
 * The app-wide providers: TanStack Query and the router. Mantine's provider and the toasts live with the pages
 * drawn with Mantine (components/layout/mantine-root.tsx), so /login renders without them (decision 016); the
 * modals provider lives in the signed-in shell, the only place that opens confirmation modals. `onReady` tells the boot code (and so
 * the splash) that the first page is on screen; the query client then loads if no route asked for it yet.
 */
export function App({ history, onReady }: { history?: RouterHistory; onReady?: () => void }) {
  const [queryClient] = useState(() => createDeferredQueryClient());
  const [router] = useState(() => createAppRouter(queryClient.load, history));
  const [handleReady] = useState(() => () => {
    onReady?.();
    void queryClient
      .load()
      .catch((error: unknown) => console.error('The query client failed to load', error));
  });
  useEffect(() => installUnauthorizedHandler(router, queryClient), [router, queryClient]);
  useFirstRender(router, handleReady);

  return (
    <AppErrorBoundary>
      <DeferredQueryProvider client={queryClient}>
        <RouterProvider router={router} />
      </DeferredQueryProvider>
    </AppErrorBoundary>
  );
}
