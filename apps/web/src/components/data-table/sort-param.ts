import type { SortingState } from '@tanstack/react-table';

/**
 * Sorting kept in the URL as `column` or `-column` (descending), so a sorted view can be shared and survives a
 * reload. Only one sort column is kept: that is what an administrator reading a table expects.
 */
export function sortingToParam(sorting: SortingState): string | undefined {
  const first = sorting[0];
  if (!first) return undefined;
  return first.desc ? `-${first.id}` : first.id;
}

/** The reverse of sortingToParam; an empty or missing parameter means the page's default order. */
export function paramToSorting(param: string | undefined, fallback: SortingState = []): SortingState {
  if (!param) return fallback;
  return param.startsWith('-') ? [{ id: param.slice(1), desc: true }] : [{ id: param, desc: false }];
}
