import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { networksKeys } from '@/lib/networks-query.ts';

/** Either reader's item shape (v0.30: flat with `hosts`; v1.5: `Network` and `Hosts`); only the count is used. */
const statsItemSchema = z.looseObject({
  netid: z.string().optional(),
  hosts: z.number().optional(),
  Network: z.looseObject({ netid: z.string() }).optional(),
  Hosts: z.number().optional(),
});
const statsSchema = z.object({ Response: z.array(statsItemSchema).nullable() });

/** GET v1/networks/stats: node count per network id, counted by the server in one query. */
export async function getNetworkNodeCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  const body = await apiClient.get('v1/networks/stats', { schema: statsSchema, signal });
  const counts: Record<string, number> = {};
  for (const item of body.Response ?? []) {
    const netId = item.Network?.netid ?? item.netid;
    if (netId) counts[netId] = item.Hosts ?? item.hosts ?? 0;
  }
  return counts;
}

export const useNetworkNodeCounts = () =>
  useQuery(
    queryOptions({
      queryKey: networksKeys.stats(),
      queryFn: ({ signal }) => getNetworkNodeCounts(signal),
      staleTime: 5 * 60_000,
    }),
  );
