import { createRoute, redirect } from '@tanstack/react-router';
import { activitySearchSchema } from '@/features/activity/activity-search.ts';
import { clientsSearchSchema } from '@/features/remote-access/clients-search.ts';
import { hostsSearchSchema } from '@/features/hosts/hosts-search.ts';
import { paths } from '@/lib/paths.ts';
import { protectedRoute } from './protected.ts';
import { listSearchSchema, searchEnum, searchFlag, searchObject } from '@/lib/search-fields.ts';
import { peopleRoutes } from './people-pages.ts';
import { usersRoute } from './users.ts';
import { lazyPage } from './lazy-page.ts';
import { requireAdmin } from './require-admin.ts';

/** The signed-in pages outside a network (spec §2 route table), each loaded lazily. */

const redirectTo = (path: string, href: string) =>
  createRoute({
    getParentRoute: () => protectedRoute,
    path,
    beforeLoad: () => {
      redirect({ href, replace: true, throw: true });
    },
  });

export const hostsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'devices',
  validateSearch: hostsSearchSchema,
  // Not awaited: the first rows download while the page chunk loads (the list code loads with it, off the boot
  // chunk).
  loader: ({ context, location }) => {
    void import('./list-prefetch.ts').then(({ prefetchHostList }) =>
      prefetchHostList(context.queryClient, location.search),
    );
  },
  component: lazyPage(() => import('@/features/hosts/hosts-page.tsx'), 'HostsPage', [
    'devices',
    'nodes',
    'keys',
    'agentField',
  ]),
});

export const hostDetailsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'hosts/$hostId',
  // `?edit=true` opens the edit dialog; `?tab=` picks the tab (overview when absent).
  validateSearch: searchObject({ edit: searchFlag, tab: searchEnum(['overview', 'networks', 'interfaces']) }),
  component: lazyPage(() => import('@/features/hosts/host-details-page.tsx'), 'HostDetailsPage', [
    'devices',
    'nodes',
    'routing',
  ]),
});

export const newHostRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'hosts-new',
  component: lazyPage(() => import('@/features/hosts/new-host-page.tsx'), 'NewHostPage', [
    'agentField',
    'devices',
    'keys',
  ]),
});

export const keysRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'keys',
  validateSearch: listSearchSchema,
  component: lazyPage(() => import('@/features/keys/keys-page.tsx'), 'KeysPage', ['keys']),
});

export const networksRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'networks',
  validateSearch: listSearchSchema,
  component: lazyPage(() => import('@/features/networks/networks-page.tsx'), 'NetworksPage', [
    'networks',
    'transfer',
  ]),
});

export const activityRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'activity',
  validateSearch: activitySearchSchema,
  component: lazyPage(() => import('@/features/activity/activity-page.tsx'), 'ActivityPage', ['activity']),
  staticData: { page: 'activity' },
});

/**
 * Getting started (spec §2, issue 41): the first hour's checklist, ticked from the server's state. Its steps are
 * platform admins' writes (networks, keys, devices), so anyone else goes to the dashboard. The steps are about the
 * active network (the switcher's).
 */
export const helloRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'hello',
  beforeLoad: requireAdmin,
  component: lazyPage(() => import('@/features/hello/hello-page.tsx'), 'HelloPage', ['hello']),
  staticData: { page: 'hello' },
});

/** White-label branding (spec §1): Pro, platform admins only. */
export const brandingRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'branding',
  beforeLoad: requireAdmin,
  component: lazyPage(() => import('@/features/branding/branding-page.tsx'), 'BrandingPage', ['branding']),
  staticData: { page: 'branding', isProOnly: true },
});

export const pageRoutes = [
  activityRoute,
  brandingRoute,
  hostsRoute,
  hostDetailsRoute,
  newHostRoute,
  keysRoute,
  networksRoute,
  redirectTo('hosts', paths.devices()),
  redirectTo('enrollment-keys', paths.keys()),
  helloRoute,
  createRoute({
    getParentRoute: () => protectedRoute,
    path: 'clients',
    validateSearch: clientsSearchSchema,
    staticData: { page: 'clients' },
    component: lazyPage(() => import('@/features/remote-access/clients-page.tsx'), 'ClientsPage', [
      'remoteAccess',
    ]),
  }),
  createRoute({
    getParentRoute: () => protectedRoute,
    path: 'profile',
    staticData: { page: 'profile' },
    component: lazyPage(() => import('@/features/profile/profile-page.tsx'), 'ProfilePage', ['people']),
  }),
  usersRoute,
  ...peopleRoutes,
];
