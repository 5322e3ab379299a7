import type { QueryClient } from '@tanstack/react-query';
import { hostListSource } from '@/lib/api/host-list.ts';
import { nodeListSource } from '@/lib/api/node-list.ts';
import { listQueryOptions } from '@/lib/list/use-list.ts';

/**
 * Route loaders start the list downloads through this module, imported lazily, so the list code and the
 * contracts it needs stay out of the boot chunk that /login also downloads.
 */
export const prefetchHostList = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(listQueryOptions(hostListSource));

/** Starts downloading a network's node rows while the nodes page chunk loads. */
export const prefetchNodeList = (queryClient: QueryClient, networkId: string) =>
  queryClient.prefetchQuery(listQueryOptions(nodeListSource(networkId)));
