import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { IS_HOSTED } from '@/lib/hosted.ts';
import { publicRoute } from './public.ts';

/** Self-hosted first run; the page itself sends visitors to /login once a super admin exists. */
export const signupRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'signup',
  // Hosted tenants get their first admin from the account site; /signup exists only when self-hosted (spec §2).
  beforeLoad: () => {
    if (IS_HOSTED) redirect({ to: '/login', replace: true, throw: true });
  },
  component: lazyRouteComponent(() => import('@/features/auth/signup-page.tsx'), 'SignupPage'),
});
