import {
  clientMetricsSchema,
  metricsByNodeSchema,
  metricsMatrixSchema,
  type MetricsMatrixQuery,
} from '@meshdeck/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/**
 * Keys start with `metrics`, the resource the server announces (lib/use-live-updates.ts) when a report changes what
 * the page shows of a pair (reachability, path, relay, latency band; decision 056): the open page reads again then,
 * and on reconnect, with no timer polling.
 */
export const metricsKeys = {
  network: (networkId: string) => ['metrics', networkId] as const,
  clients: (networkId: string) => ['metrics', networkId, 'clients'] as const,
  matrix: (networkId: string, query: MetricsMatrixQuery) => ['metrics', networkId, 'matrix', query] as const,
};
const net = (networkId: string) => encodeURIComponent(networkId);

/** Every pair of the network (the contract's whole answer): only for networks small enough (the pair list). */
export const useNetworkMetrics = (networkId: string, isEnabled = true) =>
  useQuery({
    queryKey: metricsKeys.network(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics/${net(networkId)}`, { schema: metricsByNodeSchema, signal }),
    enabled: isEnabled,
  });

export const useClientMetrics = (networkId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: metricsKeys.clients(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics-ext/${net(networkId)}`, { schema: clientMetricsSchema, signal }),
    enabled: isEnabled,
  });

/** The query string of a matrix window; empty values are left out. */
export function matrixParams(query: MetricsMatrixQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  return params.toString();
}

/**
 * One window of the N x N matrix (decision 071): at most 100 rows by 50 peers, whatever the network's size. The
 * previous window stays on screen while the next one loads, so paging does not flash an empty table.
 */
export const useMetricsMatrix = (networkId: string, query: MetricsMatrixQuery, isEnabled: boolean) =>
  useQuery({
    queryKey: metricsKeys.matrix(networkId, query),
    queryFn: ({ signal }) =>
      apiClient.get(`console/metrics/${net(networkId)}/matrix?${matrixParams(query)}`, {
        schema: metricsMatrixSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
