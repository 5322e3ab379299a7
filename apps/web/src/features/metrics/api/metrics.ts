import { clientMetricsSchema, metricsByNodeSchema } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** Keys start with `metrics`; agents report every minute, so the page reads again every 15 s while it is open. */
export const metricsKeys = {
  network: (networkId: string) => ['metrics', networkId] as const,
  clients: (networkId: string) => ['metrics', networkId, 'clients'] as const,
};
const REFRESH_MS = 15_000;
const net = (networkId: string) => encodeURIComponent(networkId);

export const useNetworkMetrics = (networkId: string) =>
  useQuery({
    queryKey: metricsKeys.network(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics/${net(networkId)}`, { schema: metricsByNodeSchema, signal }),
    refetchInterval: REFRESH_MS,
  });

export const useClientMetrics = (networkId: string, isEnabled: boolean) =>
  useQuery({
    queryKey: metricsKeys.clients(networkId),
    queryFn: ({ signal }) =>
      apiClient.get(`metrics-ext/${net(networkId)}`, { schema: clientMetricsSchema, signal }),
    refetchInterval: REFRESH_MS,
    enabled: isEnabled,
  });
