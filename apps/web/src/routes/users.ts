import { createRoute } from '@tanstack/react-router';
import { usersSearchSchema } from '@/features/users/users-search.ts';
import { protectedRoute } from './protected.ts';
import { requireAdmin } from './require-admin.ts';
import { lazyPage } from './lazy-page.ts';

export const usersRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'users',
  validateSearch: usersSearchSchema,
  beforeLoad: requireAdmin,
  staticData: { page: 'users' },
  component: lazyPage(() => import('./users-view.tsx'), 'UsersView', ['people']),
});
