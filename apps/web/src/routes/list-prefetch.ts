import type { QueryClient } from '@tanstack/react-query';
import { hostListSource } from '@/features/hosts/api/host-list.ts';
import { nodeListSource } from '@/lib/api/node-list.ts';
import { serverFilters, type ListFilters } from '@/lib/early-request.ts';
import { firstRowsQueryOptions, listQueryOptions, type ListSource } from '@/lib/list/use-list.ts';

/**
 * Route loaders start the first rows' download through this module, imported lazily, so the list code and the
 * contracts it needs stay out of the boot chunk that /login also downloads. Every row is asked for by the page
 * once the first rows have painted (useList).
 */
function prefetchFirstRows<T extends { id: string }>(
  queryClient: QueryClient,
  source: ListSource<T>,
  filters: ListFilters,
): void {
  // Loaders run again on every change of the URL's search; once every row is cached the page filters locally.
  if (queryClient.getQueryData(listQueryOptions(source).queryKey) !== undefined) return;
  void queryClient.prefetchQuery(firstRowsQueryOptions(source, filters));
}

/** Starts downloading the devices page's first rows (for the URL's filters) while its chunk loads. */
export const prefetchHostList = (queryClient: QueryClient, search: ListFilters) =>
  prefetchFirstRows(queryClient, hostListSource, serverFilters('hosts', search));

/** Starts downloading a network's first node rows (for the URL's filters) while the nodes page chunk loads. */
export const prefetchNodeList = (queryClient: QueryClient, networkId: string, search: ListFilters) =>
  prefetchFirstRows(queryClient, nodeListSource(networkId), serverFilters('nodes', search));
