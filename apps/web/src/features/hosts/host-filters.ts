import { hostMatcher, hostSearchText, type HostListItem, type ListStatusFilter } from '@meshdeck/contracts';
import { cachedText, rowMatch, type RowMatch } from '@/lib/list/use-list.ts';

/** Each row's lower-cased search text, computed once per row object. */
export const hostText = cachedText<HostListItem>(hostSearchText);

/** The row predicate of the URL's search and status; undefined when nothing filters. */
export function hostFilter(
  search: string | undefined,
  status: ListStatusFilter | undefined,
): RowMatch<HostListItem> | undefined {
  if (!status && !search?.trim()) return undefined;
  return rowMatch(hostMatcher({ search, status }, hostText), search, [status]);
}

/** The network ids a host is in, for the delete confirmation. */
export const networksOf = (item: HostListItem): string[] => item.nodes.map((node) => node.network);
