import { getRouteApi } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/dashboard-page.tsx';
import { NetworksOverview } from '@/features/networks/components/networks-overview.tsx';
import { patchSearch } from '@/lib/patch-search.ts';

const routeApi = getRouteApi('/_layout/dashboard');

/** /dashboard: the dashboard feature's page with the networks feature's table in its slot (features §3.5). */
export function DashboardView() {
  const url = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return (
    <DashboardPage
      networks={
        <NetworksOverview
          url={url}
          onUrlChange={(patch) => void navigate({ search: patchSearch(patch), replace: true })}
        />
      }
    />
  );
}
