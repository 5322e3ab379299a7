import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CrashScreen } from '@/components/layout/crash-screen.tsx';
import { PublicFrame } from '@/components/layout/public-layout.tsx';

export interface RouterContext {
  /** The app's query client, loaded on first call (lib/deferred-query-client.ts). */
  loadQueryClient: () => Promise<QueryClient>;
}

// The 404 page is lazy: it uses Mantine's components, which the sign-in page (in the same boot chunk) does not.
const NotFoundPage = lazy(() =>
  import('@/components/layout/not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
);

/** Root of the tree: the crash screen is eager so it works even if a chunk fails to load. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error }) => <CrashScreen error={error} />,
  notFoundComponent: () => (
    <PublicFrame>
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    </PublicFrame>
  ),
});
