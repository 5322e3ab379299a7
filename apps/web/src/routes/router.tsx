import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { CrashScreen } from '@/components/layout/crash-screen.tsx';
import { PAGE_PENDING_DELAY_MS } from '@/lib/constants.ts';
import { hostedRewrite, IS_HOSTED } from '@/lib/hosted.ts';
import { routeTree } from './route-tree.ts';

/**
 * Builds the router; tests pass a memory history. The context carries the loader of the query client, not the
 * client: the signed-in pages' guard awaits it and hands the client on to their loaders (routes/protected.ts).
 */
export function createAppRouter(loadQueryClient: () => Promise<QueryClient>, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { loadQueryClient },
    defaultPendingComponent: () => <CenteredLoader />,
    defaultPendingMs: PAGE_PENDING_DELAY_MS,
    defaultErrorComponent: ({ error }) => <CrashScreen error={error} />,
    // Query owns caching; the router should always ask it rather than keep its own stale copy.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    scrollRestoration: true,
    // Hosted builds also answer under the UI-version prefix (spec §2).
    rewrite: IS_HOSTED ? hostedRewrite : undefined,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
