import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { MATRIX_MAX_ROWS, type MetricsMatrixQuery } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { SegmentedFilter } from '@/components/ui/segmented-filter.tsx';
import { formatDate } from '@/lib/format.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useClientMetrics, useMetricsMatrix, useNetworkMetrics } from './api/metrics.ts';
import { MetricsMatrixTable } from './components/metrics-matrix.tsx';
import { ClientsTable, PairsTable } from './components/metrics-tables.tsx';
import { clientRows, isProblem, pairRows } from './metrics-rows.ts';
import { matrixMeasures, metricsViews, type MatrixMeasure, type MetricsView } from './metrics-search.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/metrics');

/** Peers per page of the matrix: what fits beside the node names on a laptop screen. */
export const MATRIX_COLUMNS = 12;
/** The pair list reads the whole network (the contract's answer): up to this many nodes (~90,000 pairs). */
export const PAIR_LIST_MAX_NODES = 300;
const SEARCH_DEBOUNCE_MS = 200;

const isMeasure = (view: MetricsView): view is MatrixMeasure =>
  (matrixMeasures as readonly string[]).includes(view);

/**
 * /networks/{id}/metrics (checklist §3.20, issue 41): what each node's agent measured toward each peer, as an N x N
 * matrix per measure (connectivity, latency, bytes sent and received, uptime) read one window at a time from the
 * server (decision 071), the remote-access clients, or, for networks small enough, every pair as a list with its
 * path and reason. Read again when the server announces a change of what it shows (the `metrics` event; no
 * polling); byte counters and uptime move with every report without an event, hence the newest report's time and
 * Reload.
 */
export function MetricsPage() {
  const { t } = useTranslation('metrics');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const view: MetricsView = search.view ?? 'connectivity';
  const isMatrix = isMeasure(view);
  const [rowSearch] = useDebouncedValue(search.search ?? '', SEARCH_DEBOUNCE_MS);
  const [peerSearch] = useDebouncedValue(search.peer ?? '', SEARCH_DEBOUNCE_MS);
  // Other views ask for the smallest window: the network's size (may the pair list read it whole?) and newest report.
  const query: MetricsMatrixQuery = isMatrix
    ? {
        row: search.row ?? 0,
        rows: MATRIX_MAX_ROWS,
        col: search.col ?? 0,
        cols: MATRIX_COLUMNS,
        problems: search.problems === true,
        search: rowSearch,
        peer: peerSearch,
      }
    : { rows: 1, cols: 1 };
  const matrix = useMetricsMatrix(networkId, query, true);
  const isSmall = matrix.data !== undefined && matrix.data.nodes <= PAIR_LIST_MAX_NODES;
  const metrics = useNetworkMetrics(networkId, view === 'pairs' && isSmall);
  const clients = useClientMetrics(networkId, view === 'clients');
  const pairs = useMemo(() => (metrics.data ? pairRows(metrics.data) : []), [metrics.data]);
  const shownPairs = useMemo(
    () => (search.problems ? pairs.filter(isProblem) : pairs),
    [pairs, search.problems],
  );
  const newest = matrix.data?.newest;
  const current = view === 'clients' ? clients : view === 'pairs' ? metrics : matrix;
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('metrics.title')}
        description={tPages('metrics.description')}
        icon={<PageIcon page="metrics" />}
        breadcrumbs={pageCrumbs(tPages, 'metrics', networkId)}
      />
      <SegmentedFilter
        label={t('viewLabel')}
        value={view}
        onChange={(value) => setSearch({ view: value as MetricsView })}
        data={metricsViews.map((value) => ({ value, label: t(`views.${value}`) }))}
      />
      <Group gap="md" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search.search ?? ''}
          onChange={(event) => setSearch({ search: event.currentTarget.value, row: undefined })}
          maw={240}
        />
        {isMatrix && (
          <TextInput
            placeholder={t('matrix.peerFilter')}
            aria-label={t('matrix.peerFilter')}
            value={search.peer ?? ''}
            onChange={(event) => setSearch({ peer: event.currentTarget.value, col: undefined })}
            maw={240}
          />
        )}
        {view !== 'clients' && (
          <Switch
            label={t('problemsOnly')}
            checked={search.problems === true}
            onChange={(event) =>
              setSearch({
                problems: event.currentTarget.checked ? true : undefined,
                row: undefined,
                col: undefined,
              })
            }
          />
        )}
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
            loading={current.isFetching}
            onClick={() => void current.refetch()}
          >
            {t('reload')}
          </Button>
        </Group>
      </Group>
      {isMatrix ? (
        <MetricsMatrixTable
          measure={view}
          data={matrix.data}
          isLoading={matrix.isLoading}
          error={matrix.error}
          rowsPerPage={MATRIX_MAX_ROWS}
          columnsPerPage={MATRIX_COLUMNS}
          onRow={(row) => setSearch({ row })}
          onColumn={(col) => setSearch({ col })}
          empty={search.problems ? t('noProblems') : t('empty')}
        />
      ) : view === 'clients' ? (
        <ClientsTable
          rows={clients.data ? clientRows(clients.data) : []}
          query={clients}
          search={search.search ?? ''}
          empty={t('emptyClients')}
        />
      ) : matrix.data && !isSmall ? (
        <Text c="dimmed" fz="sm" py="xl" ta="center">
          {t('pairsTooMany', { count: matrix.data.nodes, max: PAIR_LIST_MAX_NODES })}
        </Text>
      ) : (
        <PairsTable
          rows={shownPairs}
          query={matrix.data ? metrics : matrix}
          search={search.search ?? ''}
          empty={search.problems ? t('noProblems') : t('empty')}
        />
      )}
    </Stack>
  );
}
