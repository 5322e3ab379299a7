import { Button, Group, Stack, Tabs } from '@mantine/core';
import { IconChartLine, IconInfoCircle, IconTopologyStar3 } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { paths } from '@/lib/paths.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { NetworkInfo } from './components/network-info.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/analytics');
const isTab = (value: unknown): value is 'info' | 'graph' => value === 'info' || value === 'graph';

/**
 * /networks/$networkId/analytics (features §3.20): Metrics, Network Info and Graph tabs, chosen by `?tab=`. The
 * route fills the Metrics tab with the analytics feature's charts over time and the Graph tab with the graph
 * feature's panel (features import no other feature).
 */
export function NetworkAnalyticsPage({ metrics, graph }: { metrics: ReactNode; graph: ReactNode }) {
  const { t } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const tab = search.tab ?? 'metrics';
  const navigate = routeApi.useNavigate();
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.description')}
        icon={<PageIcon page="analytics" />}
        breadcrumbs={[
          { label: t('networks.title'), href: paths.networks() },
          { label: networkId, href: paths.network(networkId) },
          { label: t('analytics.title') },
        ]}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            search: patchSearch<typeof search>({ tab: isTab(value) ? value : undefined }),
            replace: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="metrics" leftSection={<IconChartLine size={16} />}>
            {t('metrics.title')}
          </Tabs.Tab>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            {t('info.title')}
          </Tabs.Tab>
          <Tabs.Tab value="graph" leftSection={<IconTopologyStar3 size={16} />}>
            {t('graph.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="metrics">
          <Stack gap="md">
            <Group justify="flex-end">
              <Button
                variant="default"
                size="xs"
                onClick={() => void navigate({ to: paths.network(networkId, 'metrics') })}
              >
                {t('metrics.open')}
              </Button>
            </Group>
            {metrics}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="info">
          <NetworkInfo networkId={networkId} />
        </Tabs.Panel>
        <Tabs.Panel value="graph">{graph}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
