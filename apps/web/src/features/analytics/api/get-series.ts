import { metricsByNodeSchema, metricsSeriesSchema } from '@meshdeck/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { RANGE_SECONDS, type AnalyticsRange } from '../analytics-search.ts';

/**
 * Keys start with `metrics`, the resource the server announces when a network's metrics change (use-live-updates):
 * the open charts read again then, with no timer. The network's metrics share the metrics and graph pages' key.
 */
export const analyticsKeys = {
  network: (networkId: string) => ['metrics', networkId] as const,
  series: (networkId: string, node: string, peer: string | undefined, range: AnalyticsRange) =>
    ['metrics', networkId, 'series', node, peer ?? '', range] as const,
};
const net = (networkId: string) => encodeURIComponent(networkId);

/** The network's latest metrics: which nodes reported, and toward which peers (the pickers' choices). */
export const useNetworkMetrics = (networkId: string) =>
  useQuery({
    queryKey: analyticsKeys.network(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics/${net(networkId)}`, { schema: metricsByNodeSchema, signal }),
  });

/** One node's (or, with `peer`, one pair's) figures over the range ending now. */
export const useMetricsSeries = (
  networkId: string,
  node: string | undefined,
  peer: string | undefined,
  range: AnalyticsRange,
) =>
  useQuery({
    queryKey: analyticsKeys.series(networkId, node ?? '', peer, range),
    queryFn: ({ signal }) => {
      const to = Math.ceil(Date.now() / 1000);
      return apiClient.get(`v1/metrics/${net(networkId)}/series`, {
        query: { node, peer: peer || undefined, from: to - RANGE_SECONDS[range], to },
        schema: metricsSeriesSchema,
        signal,
      });
    },
    enabled: node !== undefined,
    // A new range or node keeps the old chart on screen until the new points come, instead of a flash of loading.
    placeholderData: keepPreviousData,
  });
