import { createRoute } from '@tanstack/react-router';
import { protectedRoute } from './protected.ts';
import { requireAdmin } from './require-admin.ts';
import { lazyPage } from './lazy-page.ts';

// Groups and roles are Pro (spec §2); on community the shell shows the upgrade view instead (isProOnly).

/** Ids in the path must be non-empty and bounded; anything else is a broken link, not a request to send. */
const idParam = {
  parse(value: unknown): string {
    if (typeof value !== 'string' || value.length < 1 || value.length > 256)
      throw new Error('invalid id in the path');
    return value;
  },
};

export const createGroupRoute = createRoute({
  getParentRoute: () => protectedRoute,
  beforeLoad: requireAdmin,
  path: 'users/create-group',
  staticData: { page: 'createGroup', isProOnly: true },
  component: lazyPage(() => import('@/features/groups/group-page.tsx'), 'CreateGroupPage', ['people']),
});

export const groupRoute = createRoute({
  getParentRoute: () => protectedRoute,
  beforeLoad: requireAdmin,
  path: 'users/group/$groupId',
  params: { parse: (raw) => ({ groupId: idParam.parse(raw.groupId) }), stringify: (params) => params },
  staticData: { page: 'group', isProOnly: true },
  component: lazyPage(() => import('./people-views.tsx'), 'GroupView', ['people']),
});

export const createNetworkRoleRoute = createRoute({
  getParentRoute: () => protectedRoute,
  beforeLoad: requireAdmin,
  path: 'users/create-network-role',
  staticData: { page: 'createNetworkRole', isProOnly: true },
  component: lazyPage(() => import('@/features/roles/network-role-page.tsx'), 'CreateNetworkRolePage', [
    'people',
  ]),
});

export const networkRoleRoute = createRoute({
  getParentRoute: () => protectedRoute,
  beforeLoad: requireAdmin,
  path: 'users/network-role/$roleId',
  params: { parse: (raw) => ({ roleId: idParam.parse(raw.roleId) }), stringify: (params) => params },
  staticData: { page: 'networkRole', isProOnly: true },
  component: lazyPage(() => import('./people-views.tsx'), 'NetworkRoleView', ['people']),
});

export const platformRoleRoute = createRoute({
  getParentRoute: () => protectedRoute,
  beforeLoad: requireAdmin,
  path: 'users/platform-role/$roleId',
  params: { parse: (raw) => ({ roleId: idParam.parse(raw.roleId) }), stringify: (params) => params },
  staticData: { page: 'platformRole', isProOnly: true },
  component: lazyPage(() => import('./people-views.tsx'), 'PlatformRoleView', ['people']),
});

export const peopleRoutes = [
  createGroupRoute,
  groupRoute,
  createNetworkRoleRoute,
  networkRoleRoute,
  platformRoleRoute,
];
