import { hostSortKeys, listStatusFilters } from '@meshdeck/contracts';
import { searchEnum, searchObject, searchSort, searchText } from '@/lib/search-fields.ts';

/**
 * The /devices page's URL state (features §3.6), the `validateSearch` of its route (routes/pages.ts); the page
 * reads and writes it through that route's typed API. Zod-free like every route search: the route tree is in the
 * boot chunk (docs/decisions/021), and the contracts' list-filters.ts holds the values without zod.
 */
export const hostStatusField = searchEnum(listStatusFilters);
export const hostSortField = searchSort(hostSortKeys);

export const hostsSearchSchema = searchObject({
  tab: searchEnum(['access']),
  search: searchText,
  status: hostStatusField,
  sort: hostSortField,
  /** The host picked on the network-access tab. */
  host: (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : undefined),
});
