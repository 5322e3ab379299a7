import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { isSessionReady, useSession } from '@/lib/session.ts';
import { toSafeRedirect } from '@/lib/safe-redirect.ts';
import { publicRoute } from './public.ts';

const loginSearchSchema = z.object({
  redirect: z.unknown().transform(toSafeRedirect).optional(),
  expired: z.boolean().optional().catch(undefined),
  // The SSO callback lands here with the session token and the username (api-contract §7.2).
  login: z.string().max(8192).optional().catch(undefined),
  user: z.string().max(256).optional().catch(undefined),
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
