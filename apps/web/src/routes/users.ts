import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { protectedRoute } from './protected.ts';
import { requireAdmin } from './require-admin.ts';

/** Search params of /users: the open tab and the users table's filter and sort, all optional. */
export const usersSearchSchema = z.object({
  tab: z.enum(['users', 'groups', 'invites', 'pending']).optional().catch(undefined),
  search: z.string().optional().catch(undefined),
  sort: z.string().optional().catch(undefined),
});

export const usersRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'users',
  validateSearch: usersSearchSchema,
  beforeLoad: requireAdmin,
  staticData: { page: 'users' },
  component: lazyRouteComponent(() => import('./users-view.tsx'), 'UsersView'),
});
