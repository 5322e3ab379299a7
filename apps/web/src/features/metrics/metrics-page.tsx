import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { SegmentedFilter } from '@/components/ui/segmented-filter.tsx';
import { formatDate } from '@/lib/format.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useClientMetrics, useNetworkMetrics } from './api/metrics.ts';
import { ClientsTable, PairsTable } from './components/metrics-tables.tsx';
import { clientRows, isProblem, newestReport, pairRows } from './metrics-rows.ts';
import { metricsViews, type MetricsView } from './metrics-search.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/metrics');

/**
 * /networks/{id}/metrics (checklist §3.20, issue 41): what each node's agent measured toward each peer, read again
 * when the server announces a change of what it shows (the `metrics` event; no polling). Byte counters and uptime
 * move with every report without an event, so the page says how old its newest report is and offers Reload. The
 * table tells loading, failure and an empty network apart.
 */
export function MetricsPage() {
  const { t } = useTranslation('metrics');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const view: MetricsView = search.view ?? 'pairs';
  const metrics = useNetworkMetrics(networkId);
  const clients = useClientMetrics(networkId, view === 'clients');
  const pairs = useMemo(() => (metrics.data ? pairRows(metrics.data) : []), [metrics.data]);
  const shownPairs = useMemo(() => (view === 'problems' ? pairs.filter(isProblem) : pairs), [pairs, view]);
  const problems = useMemo(() => pairs.filter(isProblem).length, [pairs]);
  const newest = useMemo(() => (metrics.data ? newestReport(metrics.data) : undefined), [metrics.data]);
  const reload = () => void (view === 'clients' ? clients.refetch() : metrics.refetch());
  const isReloading = view === 'clients' ? clients.isFetching : metrics.isFetching;
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('metrics.title')}
        description={tPages('metrics.description')}
        icon={<PageIcon page="metrics" />}
        breadcrumbs={pageCrumbs(tPages, 'metrics', networkId)}
      />
      <Group gap="md" wrap="wrap">
        <SegmentedFilter
          label={t('viewLabel')}
          value={view}
          onChange={(value) => setSearch({ view: value as MetricsView })}
          data={metricsViews.map((value) => ({
            value,
            label: value === 'problems' ? t('views.problems', { count: problems }) : t(`views.${value}`),
          }))}
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search.search ?? ''}
          onChange={(event) => setSearch({ search: event.currentTarget.value })}
          maw={320}
        />
        <Group gap="xs" ml="auto">
          {newest && (
            <Text c="dimmed" fz="sm" data-testid="newest-report">
              {t('newestReport', { date: formatDate(newest, 'short') })}
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={isReloading}
            onClick={reload}
          >
            {t('reload')}
          </Button>
        </Group>
      </Group>
      {view === 'clients' ? (
        <ClientsTable
          rows={clients.data ? clientRows(clients.data) : []}
          query={clients}
          search={search.search ?? ''}
          empty={t('emptyClients')}
        />
      ) : (
        <PairsTable
          rows={shownPairs}
          query={metrics}
          search={search.search ?? ''}
          empty={view === 'problems' ? t('noProblems') : t('empty')}
        />
      )}
    </Stack>
  );
}
