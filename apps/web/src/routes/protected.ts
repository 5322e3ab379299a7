import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isSessionReady, useSession } from '@/lib/session.ts';
import { rootRoute } from './root.tsx';

/**
 * Pathless group of every signed-in page; its component is the application shell. The guard runs
 * before any child loader, so no protected API call is made with a missing or expired token.
 */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_layout',
  component: lazyRouteComponent(() => import('./protected-shell.tsx'), 'ProtectedShell'),
  // Resolves to the query client, which becomes `context.queryClient` for every signed-in route's loader.
  beforeLoad: async ({ location, context }) => {
    const session = useSession.getState();
    if (isSessionReady(session)) return { queryClient: await context.loadQueryClient() };
    const hadToken = session.token !== null;
    // A stale session is useless; dropping it keeps storage honest and the login page clean.
    session.clear();
    redirect({
      to: '/login',
      search: { redirect: location.href, expired: hadToken || undefined },
      throw: true,
    });
    // Unreachable (redirect threw); it keeps the resolved context typed as always holding the client.
    throw new Error('redirect to /login did not throw');
  },
});
