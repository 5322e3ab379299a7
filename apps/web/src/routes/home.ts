import { createRoute, redirect } from '@tanstack/react-router';
import { protectedRoute } from './protected.ts';

/**
 * `/` picks the first network's nodes page once networks exist (spec §2); until the networks feature
 * lands every signed-in user starts on the dashboard.
 */
export const indexRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/dashboard', replace: true, throw: true });
  },
});
