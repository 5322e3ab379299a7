import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { IS_HOSTED } from '@/lib/hosted.ts';
import { publicRoute } from './public.ts';

/**
 * /startup signs a hosted tenant's user in with the account site's start parameters (spec §2). A self-hosted
 * console has nothing to resolve, so it goes straight to the login page.
 */
export const startupRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'startup',
  beforeLoad: () => {
    if (!IS_HOSTED) redirect({ to: '/login', replace: true, throw: true });
  },
  component: lazyRouteComponent(() => import('@/features/auth/startup-page.tsx'), 'StartupPage'),
});
