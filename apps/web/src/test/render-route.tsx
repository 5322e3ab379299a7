import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { theme } from '@/theme.ts';

/**
 * Renders one page under a throwaway router with a single route `pattern` (e.g. /networks/$networkId/nodes),
 * so a feature page can be tested with its links, params and URL search state before or without the app's
 * route table. The route sits under a pathless `_layout` route like the app's signed-in pages, so its id is the
 * app's (`/_layout/networks/$networkId/nodes`) and a page's `getRouteApi(id)` finds it; `validateSearch` is the
 * route's search schema (the feature's `*-search.ts`), so the page reads the URL as the app's route would parse it.
 * Unknown paths fall through to a bare "elsewhere" route so navigation away is observable.
 */
export async function renderRoute(
  pattern: string,
  path: string,
  Page: ComponentType,
  options: { validateSearch?: (search: Record<string, unknown>) => object } = {},
) {
  const rootRoute = createRootRoute({ component: Outlet });
  const layoutRoute = createRoute({ getParentRoute: () => rootRoute, id: '_layout', component: Outlet });
  const pageRoute = createRoute({
    getParentRoute: () => layoutRoute,
    path: pattern,
    validateSearch: options.validateSearch,
    component: () => <Page />,
  });
  const otherRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => <p>elsewhere</p>,
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router: AnyRouter = createRouter({
    routeTree: rootRoute.addChildren([layoutRoute.addChildren([pageRoute]), otherRoute]),
    history,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
  return { ...result, history, router, queryClient };
}
