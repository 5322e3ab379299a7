import { createRoute, redirect } from '@tanstack/react-router';
import { networksQueryOptions } from '@/lib/networks-query-options.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { protectedRoute } from './protected.ts';

/**
 * `/` (spec §2): with networks, the first one (sorted by id) becomes active and the user lands on its nodes
 * page; with none, or when the list cannot be read, on the dashboard.
 */
export const indexRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const networks = await context.queryClient
      .ensureQueryData(networksQueryOptions())
      .catch((error: unknown) => {
        console.error('Could not load networks', error);
        return [];
      });
    const first = networks[0];
    if (!first) redirect({ href: paths.dashboard(), replace: true, throw: true });
    else {
      useSession.getState().setActiveNetwork(first.netId);
      redirect({ href: paths.network(first.netId), replace: true, throw: true });
    }
  },
});
