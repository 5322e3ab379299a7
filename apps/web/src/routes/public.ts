import { createRoute } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layout/public-layout.tsx';
import { rootRoute } from './root.tsx';

const QUERY_FREE_PATHS = new Set(['/login', '/startup']);

/** Pathless group of the pages outside the main layout (spec §2: startup, login, invite, not found). */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: PublicLayout,
  // The sign-in page works without the query cache (issue 8: /login's size); the other public pages use it.
  beforeLoad: async ({ location, context }) => {
    if (!QUERY_FREE_PATHS.has(location.pathname)) await context.loadQueryClient();
  },
});
