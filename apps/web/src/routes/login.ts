import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isSessionReady, useSession } from '@/lib/session.ts';
import { toSafeRedirect } from '@/lib/safe-redirect.ts';
import { publicRoute } from './public.ts';
import { searchFlag, searchObject } from '@/lib/search-fields.ts';

/** Text of at most `max` characters (the SSO callback's token and username). */
const boundedText =
  (max: number) =>
  (value: unknown): string | undefined =>
    typeof value === 'string' && value.length <= max ? value : undefined;

// The SSO callback lands here with the session token and the username (api-contract §7.2).
const loginSearchSchema = searchObject({
  redirect: toSafeRedirect,
  expired: searchFlag,
  login: boundedText(8192),
  user: boundedText(256),
  // Or it lands with why it did not sign the user in: waiting for approval, or the server's reason.
  sso: (value: unknown): 'pending' | undefined => (value === 'pending' ? 'pending' : undefined),
  sso_error: boundedText(512),
});

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
