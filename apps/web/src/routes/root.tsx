import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { CrashScreen } from '@/components/layout/crash-screen.tsx';
import { NotFoundPage } from '@/components/layout/not-found-page.tsx';
import { PublicFrame } from '@/components/layout/public-layout.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Root of the tree: the crash screen and the 404 page are eager so they work even if a chunk fails to load. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error }) => <CrashScreen error={error} />,
  notFoundComponent: () => (
    <PublicFrame>
      <NotFoundPage />
    </PublicFrame>
  ),
});
