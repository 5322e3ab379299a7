import { createRoute } from '@tanstack/react-router';
import { protectedRoute } from './protected.ts';
import { listSearchSchema } from '@/lib/search-fields.ts';
import { lazyPage } from './lazy-page.ts';

export const dashboardRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'dashboard',
  // The networks table's search and sort.
  validateSearch: listSearchSchema,
  // The version is a nice-to-have: a failing getconfig shows "Unknown" instead of the crash screen.
  // The query module loads with the page, not with the boot chunk every route (and /login) downloads.
  loader: async ({ context }) => {
    const { serverInfoQueryOptions } = await import('@/features/server-status/api/get-server-config.ts');
    return {
      serverInfo: await context.queryClient.ensureQueryData(serverInfoQueryOptions()).catch(() => null),
    };
  },
  component: lazyPage(() => import('./dashboard-view.tsx'), 'DashboardView', ['networks']),
});
