import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicRoute } from './public.ts';

/** Self-hosted first run; the page itself sends visitors to /login once a super admin exists. */
export const signupRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'signup',
  component: lazyRouteComponent(() => import('@/features/auth/signup-page.tsx'), 'SignupPage'),
});
