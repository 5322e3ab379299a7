import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SegmentedFilter } from '@/components/ui/segmented-filter.tsx';
import { formatBytes, formatUptime } from '@/lib/format.ts';
import { useMetricsSeries, useNetworkMetrics } from './api/get-series.ts';
import { analyticsRanges, type AnalyticsRange } from './analytics-search.ts';
import { SeriesChart } from './components/series-chart.tsx';
import { seriesCharts } from './series-data.ts';
import { chartChoices } from './chart-choices.ts';

/** What the charts show, kept by the caller (the analytics page keeps it in the URL). */
export interface ChartsState {
  range?: AnalyticsRange | undefined;
  node?: string | undefined;
  peer?: string | undefined;
}

export interface AnalyticsChartsProps {
  networkId: string;
  state: ChartsState;
  onStateChange: (patch: ChartsState) => void;
}

const COLOURS = { avg: '#4dabf7', max: '#ffa94d', rx: '#51cf66', tx: '#9775fa', up: '#20c997' };

/**
 * Analytics (issue 41, Pro): latency, throughput and reachability over an hour, a day, a week or a month, for one
 * node as a whole or one of its pairs. The pickers come from the network's latest metrics; loading, failure, a
 * network with no report yet and a range with no point each read differently.
 */
export function AnalyticsCharts({ networkId, state, onStateChange }: AnalyticsChartsProps) {
  const { t } = useTranslation('metrics');
  const range = state.range ?? 'hour';
  const metrics = useNetworkMetrics(networkId);
  const choices = useMemo(
    () => chartChoices(metrics.data, state.node, state.peer),
    [metrics.data, state.node, state.peer],
  );
  const series = useMetricsSeries(networkId, choices.node?.id, choices.peer?.id, range);
  const charts = useMemo(() => (series.data ? seriesCharts(series.data) : undefined), [series.data]);

  if (metrics.isPending)
    return (
      <Group justify="center" py="xl" role="status" aria-label={t('charts.loadingNodes')}>
        <Loader size="sm" />
        <Text c="dimmed" fz="sm">
          {t('charts.loadingNodes')}
        </Text>
      </Group>
    );
  if (metrics.isError) return <LoadError error={metrics.error} onRetry={() => metrics.refetch()} />;
  if (!choices.node)
    return (
      <EmptyState
        icon={<IconChartLine size={28} />}
        title={t('charts.noNodesTitle')}
        description={t('charts.noNodes')}
      />
    );

  const node = choices.node;
  const peer = choices.peer;
  const ms = (value: number) => t('ms', { value: Math.round(value) });
  const perSecond = (value: number) => t('charts.perSecond', { value: formatBytes(value) });
  const percent = (value: number) => t('percent', { value: Math.round(value * 10) / 10 });
  return (
    <Stack gap="md">
      <Group gap="md" wrap="wrap" align="flex-end">
        <SegmentedFilter
          label={t('charts.rangeLabel')}
          value={range}
          onChange={(value) => onStateChange({ range: value as AnalyticsRange })}
          data={analyticsRanges.map((value) => ({ value, label: t(`charts.ranges.${value}`) }))}
        />
        <Select
          label={t('charts.node')}
          data={choices.nodes.map((option) => ({ value: option.id, label: option.name }))}
          value={node.id}
          onChange={(value) => value && onStateChange({ node: value, peer: undefined })}
          searchable
          allowDeselect={false}
          maw={260}
        />
        <Select
          label={t('charts.pair')}
          data={[
            { value: '', label: t('charts.wholeNode') },
            ...choices.peers.map((option) => ({
              value: option.id,
              label: t('charts.pairName', { from: node.name, to: option.name }),
            })),
          ]}
          value={peer?.id ?? ''}
          onChange={(value) => onStateChange({ peer: value || undefined })}
          searchable
          allowDeselect={false}
          maw={320}
        />
      </Group>
      <Text c="dimmed" fz="sm" data-testid="charts-summary">
        {peer
          ? t('charts.pairSummary', {
              uptime: formatUptime(peer.upMinutes),
              path: peer.viaName ? t('viaRelay', { name: peer.viaName }) : t(`path.${peer.path}`),
            })
          : t('charts.nodeSummary', {
              uptime: formatUptime(node.agentUpMinutes),
              count: choices.peers.length,
            })}
      </Text>
      {series.isError ? (
        <LoadError error={series.error} onRetry={() => series.refetch()} />
      ) : !charts ? (
        <Group justify="center" py="xl" role="status" aria-label={t('charts.loadingSeries')}>
          <Loader size="sm" />
          <Text c="dimmed" fz="sm">
            {t('charts.loadingSeries')}
          </Text>
        </Group>
      ) : charts.latency[0].length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" fz="sm" data-testid="charts-empty">
          {peer ? t('charts.noPairPoints') : t('charts.noNodePoints')}
        </Text>
      ) : (
        <Stack gap="md" data-testid="charts">
          <SeriesChart
            title={t('charts.latency')}
            columns={charts.latency}
            lines={[
              { label: t('charts.latencyAvg'), colour: COLOURS.avg },
              { label: t('charts.latencyMax'), colour: COLOURS.max },
            ]}
            format={ms}
          />
          <SeriesChart
            title={t('charts.throughput')}
            columns={charts.throughput}
            lines={[
              { label: t('charts.received'), colour: COLOURS.rx },
              { label: t('charts.sent'), colour: COLOURS.tx },
            ]}
            format={perSecond}
          />
          <SeriesChart
            title={peer ? t('charts.reachablePair') : t('charts.reachableNode')}
            columns={charts.reachable}
            lines={[{ label: t('charts.reachable'), colour: COLOURS.up }]}
            format={percent}
            range={[0, 100]}
          />
        </Stack>
      )}
    </Stack>
  );
}
