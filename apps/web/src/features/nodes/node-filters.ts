import {
  listStatusFilters,
  nodeMatcher,
  nodeSearchText,
  nodeSortKeys,
  nodeTypeFilters,
  type NodeListItem,
} from '@meshdeck/contracts';
import { cachedText, rowMatch, type RowMatch } from '@/lib/list/use-list.ts';
import { enumParam, searchTextParam } from '@/lib/list/use-list-search.ts';
import { searchObject } from '@/lib/search-fields.ts';

export const NODE_TYPE_FILTERS = ['all', ...nodeTypeFilters] as const;
export type NodeTypeFilterValue = (typeof NODE_TYPE_FILTERS)[number];

const sortValues = nodeSortKeys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];

/** The nodes page's URL state (features §3.11): the route's validateSearch and the page read it alike. */
export const nodesSearchSchema = searchObject({
  search: searchTextParam,
  type: enumParam(nodeTypeFilters),
  status: enumParam(listStatusFilters),
  sort: enumParam(sortValues),
});
export type NodesSearch = ReturnType<typeof nodesSearchSchema>;

/** The URL's `type` value, or "all" when it is unset. */
export const readTypeFilter = (value: string | undefined): NodeTypeFilterValue =>
  (NODE_TYPE_FILTERS as readonly string[]).includes(value ?? '') ? (value as NodeTypeFilterValue) : 'all';

/** Each row's lower-cased search text, computed once per row object. */
export const nodeText = cachedText<NodeListItem>(nodeSearchText);

/** The row predicate of the URL's filters; undefined when nothing filters (the list shows every row). */
export function nodeFilter(search: NodesSearch): RowMatch<NodeListItem> | undefined {
  if (!search.type && !search.status && !search.search?.trim()) return undefined;
  const predicate = nodeMatcher(
    { search: search.search, status: search.status, type: search.type },
    nodeText,
  );
  return rowMatch(predicate, search.search, [search.status, search.type]);
}
