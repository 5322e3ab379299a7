import {
  hostMatcher,
  hostSearchText,
  hostSortKeys,
  listStatusFilters,
  type HostListItem,
} from '@meshdeck/contracts';
import { cachedText, rowMatch, type RowMatch } from '@/lib/list/use-list.ts';
import { enumParam, searchTextParam } from '@/lib/list/use-list-search.ts';
import { searchObject } from '@/lib/search-fields.ts';

const sortValues = hostSortKeys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/** The devices page's URL state (features §3.6): the route's validateSearch and the page read it alike. */
export const hostsSearchSchema = searchObject({
  tab: enumParam(['access']),
  search: searchTextParam,
  status: enumParam(listStatusFilters),
  sort: enumParam(sortValues),
  /** The host picked on the network-access tab. */
  host: (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : undefined),
});
export type HostsSearch = ReturnType<typeof hostsSearchSchema>;

/** Each row's lower-cased search text, computed once per row object. */
export const hostText = cachedText<HostListItem>(hostSearchText);

/** The row predicate of the URL's search and status; undefined when nothing filters. */
export function hostFilter(
  search: string | undefined,
  status: HostsSearch['status'],
): RowMatch<HostListItem> | undefined {
  if (!status && !search?.trim()) return undefined;
  return rowMatch(hostMatcher({ search, status }, hostText), search, [status]);
}

/** The network ids a host is in, for the delete confirmation. */
export const networksOf = (item: HostListItem): string[] => item.nodes.map((node) => node.network);
