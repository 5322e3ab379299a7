import { clientMetricsSchema, metricsByNodeSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/**
 * Keys start with `metrics`, the resource the server announces (lib/use-live-updates.ts) when a report changes what
 * the page shows of a pair (reachability, path, relay, latency band; decision 056): the open page reads again then,
 * and on reconnect, with no timer polling.
 */
export const metricsKeys = {
  network: (networkId: string) => ['metrics', networkId] as const,
  clients: (networkId: string) => ['metrics', networkId, 'clients'] as const,
};
const net = (networkId: string) => encodeURIComponent(networkId);

export const useNetworkMetrics = (networkId: string) =>
  useQuery({
    queryKey: metricsKeys.network(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics/${net(networkId)}`, { schema: metricsByNodeSchema, signal }),
  });

export const useClientMetrics = (networkId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: metricsKeys.clients(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics-ext/${net(networkId)}`, { schema: clientMetricsSchema, signal }),
    enabled: isEnabled,
  });
