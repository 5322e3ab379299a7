import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from './protected.ts';
import { requireAdmin } from './require-admin.ts';
import { searchEnum, searchObject, searchText } from './search-params.ts';

/** Search params of /users: the open tab and the users table's filter and sort, all optional. */
export const usersSearchSchema = searchObject({
  tab: searchEnum(['users', 'groups', 'invites', 'pending']),
  search: searchText,
  sort: searchText,
});

export const usersRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'users',
  validateSearch: usersSearchSchema,
  beforeLoad: requireAdmin,
  staticData: { page: 'users' },
  component: lazyRouteComponent(() => import('./users-view.tsx'), 'UsersView'),
});
