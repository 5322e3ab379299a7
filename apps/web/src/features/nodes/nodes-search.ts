import { listStatusFilters, nodeSortKeys, nodeTypeFilters } from '@meshdeck/contracts';
import { searchEnum, searchObject, searchSort, searchText } from '@/lib/search-fields.ts';

/**
 * The nodes page's URL state (features §3.11), the `validateSearch` of its route (routes/network.ts); the page
 * reads and writes it through that route's typed API. Zod-free: the route tree is in the boot chunk.
 */
export const nodeTypeField = searchEnum(nodeTypeFilters);
export const nodeStatusField = searchEnum(listStatusFilters);
export const nodeSortField = searchSort(nodeSortKeys);

export const nodesSearchSchema = searchObject({
  search: searchText,
  type: nodeTypeField,
  status: nodeStatusField,
  sort: nodeSortField,
});
