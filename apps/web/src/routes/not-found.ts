import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicRoute } from './public.ts';

/** The explicit /404 page; unknown paths render the same page through the root's notFoundComponent. */
export const notFoundRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '404',
  component: lazyRouteComponent(() => import('@/components/layout/not-found-page.tsx'), 'NotFoundPage'),
});
