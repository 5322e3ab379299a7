import { createRoute, redirect } from '@tanstack/react-router';
import { publicRoute } from './public.ts';

/**
 * /startup resolves a tenant's configuration in the hosted edition. A self-hosted console has nothing to
 * resolve, so it goes straight to the login page.
 */
export const startupRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'startup',
  beforeLoad: () => {
    redirect({ to: '/login', replace: true, throw: true });
  },
});
