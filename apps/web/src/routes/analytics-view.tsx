import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { AnalyticsCharts } from '@/features/analytics/analytics-charts.tsx';
import { NetworkAnalyticsPage } from '@/features/networks/network-analytics-page.tsx';
import { patchSearch } from '@/lib/patch-search.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/analytics');
// WebGL and the graph libraries download only when the Graph tab opens, not with the Metrics or Info tab.
const GraphTab = lazy(() =>
  import('@/features/graph/graph-page.tsx').then((module) => ({ default: module.GraphTab })),
);

/**
 * /networks/{id}/analytics: the networks feature's page with the analytics feature's charts over time in its
 * Metrics tab (their range, node and pair in the URL) and the graph feature's panel in its Graph tab.
 */
export function AnalyticsView() {
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return (
    <NetworkAnalyticsPage
      metrics={
        <AnalyticsCharts
          networkId={networkId}
          state={search}
          onStateChange={(patch) => void navigate({ search: patchSearch(patch), replace: true })}
        />
      }
      graph={
        <Suspense fallback={<CenteredLoader fullHeight={false} />}>
          <GraphTab networkId={networkId} />
        </Suspense>
      }
    />
  );
}
