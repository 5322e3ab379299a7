import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { PageKey } from '@/components/layout/page-catalog.tsx';
import { activitySearchSchema } from '@/features/activity/activity-search.ts';
import { clientsSearchSchema } from '@/features/ext-clients/clients-search.ts';
import { hostsSearchSchema } from '@/features/hosts/hosts-search.ts';
import { paths } from '@/lib/paths.ts';
import { protectedRoute } from './protected.ts';
import { listSearchSchema, searchEnum, searchFlag, searchObject } from '@/lib/search-fields.ts';
import { peopleRoutes } from './people-pages.ts';
import { usersRoute } from './users.ts';

/** The signed-in pages outside a network (spec §2 route table), each loaded lazily. */
const upcoming = lazyRouteComponent(() => import('@/components/layout/upcoming-page.tsx'), 'UpcomingPage');

const upcomingPage = (path: string, page: PageKey) =>
  createRoute({ getParentRoute: () => protectedRoute, path, component: upcoming, staticData: { page } });

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
  component: lazyRouteComponent(() => import('@/features/hosts/hosts-page.tsx'), 'HostsPage'),
});

export const hostDetailsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'hosts/$hostId',
  // `?edit=true` opens the edit dialog; `?tab=` picks the tab (overview when absent).
  validateSearch: searchObject({ edit: searchFlag, tab: searchEnum(['overview', 'networks', 'interfaces']) }),
  component: lazyRouteComponent(() => import('@/features/hosts/host-details-page.tsx'), 'HostDetailsPage'),
});

export const newHostRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'hosts-new',
  component: lazyRouteComponent(() => import('@/features/hosts/new-host-page.tsx'), 'NewHostPage'),
});

export const keysRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'keys',
  validateSearch: listSearchSchema,
  component: lazyRouteComponent(() => import('@/features/keys/keys-page.tsx'), 'KeysPage'),
});

export const networksRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'networks',
  validateSearch: listSearchSchema,
  component: lazyRouteComponent(() => import('@/features/networks/networks-page.tsx'), 'NetworksPage'),
});

export const activityRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'activity',
  validateSearch: activitySearchSchema,
  component: lazyRouteComponent(() => import('@/features/activity/activity-page.tsx'), 'ActivityPage'),
  staticData: { page: 'activity' },
});

export const pageRoutes = [
  activityRoute,
  hostsRoute,
  hostDetailsRoute,
  newHostRoute,
  keysRoute,
  networksRoute,
  redirectTo('hosts', paths.devices()),
  redirectTo('enrollment-keys', paths.keys()),
  upcomingPage('hello', 'hello'),
  createRoute({
    getParentRoute: () => protectedRoute,
    path: 'clients',
    validateSearch: clientsSearchSchema,
    staticData: { page: 'clients' },
    component: lazyRouteComponent(() => import('@/features/ext-clients/clients-page.tsx'), 'ClientsPage'),
  }),
  createRoute({
    getParentRoute: () => protectedRoute,
    path: 'profile',
    staticData: { page: 'profile' },
    component: lazyRouteComponent(() => import('@/features/profile/profile-page.tsx'), 'ProfilePage'),
  }),
  usersRoute,
  ...peopleRoutes,
];
