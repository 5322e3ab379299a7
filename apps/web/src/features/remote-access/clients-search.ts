import { searchEnum, searchObject, searchSort, searchText } from '@/lib/search-fields.ts';

/**
 * The URL state of the two client lists, the `validateSearch` of their routes (routes/pages.ts and
 * routes/network.ts); each page reads and writes it through its route's typed API. Zod-free: the route tree is in
 * the boot chunk. Clients are sorted in the console only, so their sort keys live here, not in the contracts.
 */
export const CLIENT_SORT_KEYS = ['id', 'network', 'owner', 'address', 'gateway', 'enabled'] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];
export const clientSortField = searchSort(CLIENT_SORT_KEYS);
export const clientEnabledField = searchEnum(['yes', 'no']);

/** /networks/{id}/remote-access: the selected gateway and each table's search, in the URL. */
export const remoteAccessSearchSchema = searchObject({
  gateway: searchText,
  gatewaySearch: searchText,
  search: searchText,
  sort: clientSortField,
});

/** /clients: search and filters by network, gateway, enabled and owner (issue 10). */
export const clientsSearchSchema = searchObject({
  search: searchText,
  network: searchText,
  gateway: searchText,
  enabled: clientEnabledField,
  owner: searchText,
  sort: clientSortField,
});
