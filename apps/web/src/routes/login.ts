import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { isSessionReady, useSession } from '@/lib/session.ts';
import { toSafeRedirect } from '@/lib/safe-redirect.ts';
import { publicRoute } from './public.ts';

const loginSearchSchema = z.object({
  redirect: z.optional(z.pipe(z.unknown(), z.transform(toSafeRedirect))),
  expired: z.catch(z.optional(z.boolean()), undefined),
  // The SSO callback lands here with the session token and the username (api-contract §7.2).
  login: z.catch(z.optional(z.string().check(z.maxLength(8192))), undefined),
  user: z.catch(z.optional(z.string().check(z.maxLength(256))), undefined),
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
