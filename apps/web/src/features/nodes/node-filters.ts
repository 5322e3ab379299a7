import {
  nodeMatcher,
  nodeSearchText,
  nodeTypeFilters,
  type ListStatusFilter,
  type NodeListItem,
  type NodeTypeFilter,
} from '@meshdeck/contracts';
import { cachedText, rowMatch, type RowMatch } from '@/lib/list/use-list.ts';

/** The type filter's choices: "all" is the absence of `?type=`. */
export const NODE_TYPE_FILTERS = ['all', ...nodeTypeFilters] as const;

/** Each row's lower-cased search text, computed once per row object. */
export const nodeText = cachedText<NodeListItem>(nodeSearchText);

/** The row predicate of the URL's filters; undefined when nothing filters (the list shows every row). */
export function nodeFilter(search: {
  search?: string;
  status?: ListStatusFilter;
  type?: NodeTypeFilter;
}): RowMatch<NodeListItem> | undefined {
  if (!search.type && !search.status && !search.search?.trim()) return undefined;
  const predicate = nodeMatcher(
    { search: search.search, status: search.status, type: search.type },
    nodeText,
  );
  return rowMatch(predicate, search.search, [search.status, search.type]);
}
