import {
  compareHostItems,
  hostMatcher,
  hostSearchText,
  hostSortKeys,
  listStatusFilters,
  type HostListItem,
} from '@meshdeck/contracts';
import { cachedText, rowMatch, type RowMatch } from '@/lib/list/use-list.ts';
import { enumParam, searchTextParam } from '@/lib/list/use-list-search.ts';
import { searchObject } from '@/lib/search-fields.ts';

export const DEVICE_STATUS_FILTERS = listStatusFilters;

const sortValues = hostSortKeys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/** The devices page's URL state (features §3.6): the route's validateSearch and the page read it alike. */
export const devicesSearchSchema = searchObject({
  tab: enumParam(['access']),
  search: searchTextParam,
  status: enumParam(listStatusFilters),
  sort: enumParam(sortValues),
  /** The device picked on the network-access tab. */
  host: (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : undefined),
});
export type DevicesSearch = ReturnType<typeof devicesSearchSchema>;

/** Each row's lower-cased search text, computed once per row object. */
export const hostText = cachedText<HostListItem>(hostSearchText);

/** The row predicate of the URL's search and status; undefined when nothing filters. */
export function deviceFilter(
  search: string | undefined,
  status: DevicesSearch['status'],
): RowMatch<HostListItem> | undefined {
  if (!status && !search?.trim()) return undefined;
  return rowMatch(hostMatcher({ search, status }, hostText), search, [status]);
}

export const compareDevices = compareHostItems;

/** The network ids a device is in, for the delete confirmation. */
export const networksOf = (item: HostListItem): string[] => item.nodes.map((node) => node.network);
