import type { lazyRouteComponent } from '@tanstack/react-router';
import { createRoute, redirect } from '@tanstack/react-router';
import { aclsSearchSchema } from '@/features/access-control/access-control-search.ts';
import { oldAclsSearchSchema } from '@/features/access-control/old-acls-search.ts';
import { alertsSearchSchema } from '@/features/alerts/alerts-search.ts';
import { analyticsSearchSchema } from '@/features/analytics/analytics-search.ts';
import { dnsSearchSchema } from '@/features/dns/dns-search.ts';
import { graphSearchSchema } from '@/features/graph/graph-search.ts';
import { metricsSearchSchema } from '@/features/metrics/metrics-search.ts';
import { tagsSearchSchema } from '@/features/tags/tags-search.ts';
import { remoteAccessSearchSchema } from '@/features/remote-access/clients-search.ts';
import { nodesSearchSchema } from '@/features/nodes/nodes-search.ts';
import {
  egressSearchSchema,
  internetGatewaysSearchSchema,
  relaysSearchSchema,
} from '@/features/routing/routing-search.ts';
import { hasNetwork, networksQueryOptions } from '@/lib/networks-query-options.ts';
import { paths, type NetworkSection } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { protectedRoute } from './protected.ts';
import { lazyPage } from './lazy-page.ts';

/**
 * `/networks/$networkId`: checks the id is one of the user's networks (else /404) and makes it the active
 * network (spec §2 routing rules). If the list cannot be read the page continues, as spec §8 asks.
 */
export const networkRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'networks/$networkId',
  beforeLoad: async ({ context, params, preload }) => {
    const networks = await context.queryClient
      .ensureQueryData(networksQueryOptions())
      .catch((error: unknown) => {
        console.error('Could not load networks', error);
        return null;
      });
    if (networks && !hasNetwork(networks, params.networkId)) {
      redirect({ href: paths.notFound(), replace: true, throw: true });
    }
    // Hovering a link preloads the route; only a real visit changes the active network.
    if (!preload) useSession.getState().setActiveNetwork(params.networkId);
  },
});

export const networkIndexRoute = createRoute({
  getParentRoute: () => networkRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    redirect({ href: paths.network(params.networkId), replace: true, throw: true });
  },
});

type LazyPage = ReturnType<typeof lazyRouteComponent>;

// Generic so each route keeps its literal path, and with it its own typed search parameters.
const section = <P extends NetworkSection>(path: P, component: LazyPage, isProOnly = false) =>
  createRoute({ getParentRoute: () => networkRoute, path, component, staticData: { page: path, isProOnly } });

export const networkSectionRoutes = [
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'nodes',
    validateSearch: nodesSearchSchema,
    // Not awaited: the first rows download while the page chunk loads (the list code loads with it, off the boot
    // chunk).
    loader: ({ context, params, location }) => {
      void import('./list-prefetch.ts').then(({ prefetchNodeList }) =>
        prefetchNodeList(context.queryClient, params.networkId, location.search),
      );
    },
    component: lazyPage(() => import('@/features/nodes/nodes-page.tsx'), 'NodesPage', ['nodes', 'routing']),
    staticData: { page: 'nodes' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'remote-access',
    // `?gateway=` selects a gateway (filters the clients); each table has its own search and sort.
    validateSearch: remoteAccessSearchSchema,
    component: lazyPage(() => import('@/features/remote-access/remote-access-page.tsx'), 'RemoteAccessPage', [
      'nodes',
      'remoteAccess',
    ]),
    staticData: { page: 'remote-access' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'relays',
    validateSearch: relaysSearchSchema,
    component: lazyPage(() => import('@/features/routing/relays-page.tsx'), 'RelaysPage', ['routing']),
    staticData: { page: 'relays', isProOnly: true },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'egress',
    validateSearch: egressSearchSchema,
    component: lazyPage(() => import('@/features/routing/egress-page.tsx'), 'EgressPage', ['routing']),
    staticData: { page: 'egress' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'internet-gateways',
    validateSearch: internetGatewaysSearchSchema,
    component: lazyPage(
      () => import('@/features/routing/internet-gateways-page.tsx'),
      'InternetGatewaysPage',
      ['routing'],
    ),
    staticData: { page: 'internet-gateways', isProOnly: true },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'dns',
    validateSearch: dnsSearchSchema,
    component: lazyPage(() => import('@/features/dns/dns-page.tsx'), 'DnsPage', ['access']),
    staticData: { page: 'dns' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'graph',
    // `?node=` selects a node (its details shown), `?direct` draws every healthy pair of a small network.
    validateSearch: graphSearchSchema,
    component: lazyPage(() => import('@/features/graph/graph-page.tsx'), 'GraphPage', ['graph']),
    staticData: { page: 'graph' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'metrics',
    validateSearch: metricsSearchSchema,
    component: lazyPage(() => import('@/features/metrics/metrics-page.tsx'), 'MetricsPage', ['metrics']),
    staticData: { page: 'metrics' },
  }),
  section(
    'info',
    lazyPage(() => import('@/features/networks/network-info-page.tsx'), 'NetworkInfoPage', ['networks']),
  ),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'access-control',
    // `?add` opens Add Policy (the DENY notice on the nodes page links here with it).
    validateSearch: aclsSearchSchema,
    component: lazyPage(
      () => import('@/features/access-control/access-control-page.tsx'),
      'AccessControlPage',
      ['access'],
    ),
    staticData: { page: 'access-control' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'old-acls',
    validateSearch: oldAclsSearchSchema,
    component: lazyPage(() => import('@/features/access-control/old-acls-page.tsx'), 'OldAclsPage', [
      'access',
    ]),
    staticData: { page: 'old-acls' },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'tag-manager',
    validateSearch: tagsSearchSchema,
    component: lazyPage(() => import('@/features/tags/tag-manager-page.tsx'), 'TagManagerPage', ['access']),
    staticData: { page: 'tag-manager', isProOnly: true },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'analytics',
    // `?tab=` picks the tab (metrics when absent); `?range=`, `?node=` and `?peer=` what the charts show.
    validateSearch: analyticsSearchSchema,
    // The networks feature's page with the analytics charts and the graph panel in its tabs (analytics-view.tsx).
    component: lazyPage(() => import('./analytics-view.tsx'), 'AnalyticsView', [
      'networks',
      'graph',
      'metrics',
    ]),
    staticData: { page: 'analytics', isProOnly: true },
  }),
  createRoute({
    getParentRoute: () => networkRoute,
    path: 'alerts',
    validateSearch: alertsSearchSchema,
    component: lazyPage(() => import('@/features/alerts/alerts-page.tsx'), 'AlertsPage', ['alerts']),
    staticData: { page: 'alerts', isProOnly: true },
  }),
];

export const networkHostRoute = createRoute({
  getParentRoute: () => networkRoute,
  path: 'hosts/$hostId',
  component: lazyPage(
    () => import('@/features/hosts/network-host-details-page.tsx'),
    'NetworkHostDetailsPage',
    ['devices', 'nodes', 'routing'],
  ),
});
