import { meshHealthSchema } from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/**
 * GET v1/metrics-health: every visible network's node statuses, problem pairs and lagging nodes. The key starts with
 * `metrics`, so the server's metrics announcements refresh it; node status changes refresh it too
 * (lib/use-live-updates.ts). Agents report every minute: a slow re-read covers a server that announces nothing.
 */
export const meshHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['metrics', 'health'] as const,
    queryFn: ({ signal }) => apiClient.get('v1/metrics-health', { schema: meshHealthSchema, signal }),
    refetchInterval: 30_000,
  });

export const useMeshHealth = () => useQuery(meshHealthQueryOptions());
