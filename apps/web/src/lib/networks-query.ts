import { networkSchema, toNetwork, type Network } from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client.ts';

/**
 * The signed-in user's networks are app-wide state: the shell's switcher, the network-route guard, the index
 * redirect and several features all read them, so the query lives here rather than in one feature. Keys start
 * with 'networks' so the live-update stream refreshes them.
 */
export const networksKeys = {
  all: ['networks'] as const,
  list: () => [...networksKeys.all, 'list'] as const,
  stats: () => [...networksKeys.all, 'stats'] as const,
};

/** GET networks, mapped to the clean type and sorted by id (the contract sorts too; older servers may not). */
export async function getNetworks(signal?: AbortSignal): Promise<Network[]> {
  const wire = await apiClient.get('networks', { schema: z.array(networkSchema).nullable(), signal });
  return (wire ?? []).map(toNetwork).sort((a, b) => a.netId.localeCompare(b.netId));
}

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: networksKeys.list(),
    queryFn: ({ signal }) => getNetworks(signal),
    // Fresh until the server announces a change; the event stream invalidates it.
    staleTime: 5 * 60_000,
  });

export const useNetworks = () => useQuery(networksQueryOptions());

/** True when `networkId` is one of the user's networks. */
export const hasNetwork = (networks: readonly Network[] | undefined, networkId: string): boolean =>
  networks?.some((network) => network.netId === networkId) ?? false;
