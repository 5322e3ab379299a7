import { routingStatusListSchema, type HostRoutingStatus } from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { nodesKeys } from '@/lib/api/query-keys.ts';

/** How often the page re-reads the reports: agents send one after every change, and none is announced. */
export const ROUTING_STATUS_POLL_MS = 10_000;

/** GET console/routing-status/{network}: each host's last routing report (the active router per range and why). */
export async function getRoutingStatus(
  networkId: string,
  signal?: AbortSignal,
): Promise<HostRoutingStatus[]> {
  const list = await apiClient.get(`console/routing-status/${encodeURIComponent(networkId)}`, {
    schema: routingStatusListSchema,
    signal,
  });
  return list.items;
}

// Under 'nodes': a node change (a gateway added or removed) re-reads it at once, not only on the next poll.
export const routingStatusQueryOptions = (networkId: string) =>
  queryOptions({
    queryKey: [...nodesKeys.all, 'routing-status', networkId],
    queryFn: ({ signal }) => getRoutingStatus(networkId, signal),
    refetchInterval: ROUTING_STATUS_POLL_MS,
  });

/** Read by the network's admins only (the server's rule for the reports). */
export const useRoutingStatus = (networkId: string, isEnabled: boolean) =>
  useQuery({ ...routingStatusQueryOptions(networkId), enabled: isEnabled });
