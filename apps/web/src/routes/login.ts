import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isSessionReady, useSession } from '@/lib/session.ts';
import { toSafeRedirect } from '@/lib/safe-redirect.ts';
import { publicRoute } from './public.ts';
import { searchFlag, searchObject } from './search-params.ts';

const loginSearchSchema = searchObject({ redirect: toSafeRedirect, expired: searchFlag });

export const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'login',
  validateSearch: loginSearchSchema,
  // Someone already signed in has nothing to do here. (`throw: true` makes redirect() throw by itself.)
  beforeLoad: ({ search }) => {
    if (isSessionReady(useSession.getState())) {
      redirect({ href: search.redirect ?? '/dashboard', replace: true, throw: true });
    }
  },
  component: lazyRouteComponent(() => import('@/features/auth/login-page.tsx'), 'LoginPage'),
});
