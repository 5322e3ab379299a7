import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { serverInfoQueryOptions } from '@/features/server-status/api/get-server-config.ts';
import { protectedRoute } from './protected.ts';

export const dashboardRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'dashboard',
  // The version is a nice-to-have: a failing getconfig shows "Unknown" instead of the crash screen.
  loader: async ({ context }) => ({
    serverInfo: await context.queryClient.ensureQueryData(serverInfoQueryOptions()).catch(() => null),
  }),
  component: lazyRouteComponent(() => import('./dashboard-view.tsx'), 'DashboardView'),
});
