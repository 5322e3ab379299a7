import type { Network } from '@meshdeck/contracts';
import { queryOptions } from '@tanstack/react-query';

// The route guards import this module from the boot chunk: it must not import TanStack Query's hooks (their
// core loads after /login's form, lib/deferred-query-client.ts). `useNetworks` lives in networks-query.ts.

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

/**
 * GET networks (lib/api/get-networks.ts). The route guards that use this query are part of the boot chunk,
 * so the call and its contract schemas load on first use, keeping zod and the contracts off /login.
 */
export const getNetworks = async (signal?: AbortSignal): Promise<Network[]> =>
  (await import('./api/get-networks.ts')).getNetworks(signal);

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: networksKeys.list(),
    queryFn: ({ signal }) => getNetworks(signal),
    // Fresh until the server announces a change; the event stream invalidates it.
    staleTime: 5 * 60_000,
  });

/** True when `networkId` is one of the user's networks. */
export const hasNetwork = (networks: readonly Network[] | undefined, networkId: string): boolean =>
  networks?.some((network) => network.netId === networkId) ?? false;
