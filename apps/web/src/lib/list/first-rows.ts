import type { ListPage } from '@meshdeck/contracts';
import { apiClient, takeEarlyData, type ResponseParser } from '@/lib/api-client.ts';
import { firstRowsQuery, type ListFilters } from '@/lib/early-request.ts';
import type { ListSource } from './use-list.ts';

/**
 * A list source's first rows from the Meshdeck list route at `path` (answers parsed by `parser`): asked for with
 * the URL's filters and a limit, or taken from a deep link's early answer when it has already arrived.
 */
export function firstRowsOf<T extends { id: string }>(
  path: string,
  parser: ResponseParser<ListPage<T>>,
): Pick<ListSource<T>, 'fetchFirst' | 'readFirst'> {
  return {
    fetchFirst: async (filters: ListFilters, signal: AbortSignal) =>
      (await apiClient.get(path, { schema: parser, query: firstRowsQuery(filters), signal })).items,
    readFirst: (filters: ListFilters) =>
      takeEarlyData(path, { schema: parser, query: firstRowsQuery(filters) })?.items,
  };
}
