import { DashboardPage } from '@/features/dashboard/dashboard-page.tsx';
import { NetworksOverview } from '@/features/networks/components/networks-overview.tsx';

/** /dashboard: the dashboard feature's page with the networks feature's table in its slot (features §3.5). */
export function DashboardView() {
  return <DashboardPage networks={<NetworksOverview />} />;
}
