import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { NetworkAnalyticsPage } from '@/features/networks/network-analytics-page.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/analytics');
// WebGL and the graph libraries download only when the Graph tab opens, not with the Metrics or Info tab.
const GraphTab = lazy(() =>
  import('@/features/graph/graph-page.tsx').then((module) => ({ default: module.GraphTab })),
);

/** /networks/{id}/analytics: the networks feature's page with the graph feature's panel in its Graph tab. */
export function AnalyticsView() {
  const { networkId } = routeApi.useParams();
  return (
    <NetworkAnalyticsPage
      graph={
        <Suspense fallback={<CenteredLoader fullHeight={false} />}>
          <GraphTab networkId={networkId} />
        </Suspense>
      }
    />
  );
}
