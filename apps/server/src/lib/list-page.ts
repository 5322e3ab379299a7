import type { ListPage } from '@meshdeck/contracts';

/** The page of `items` a list query asks for: the matches in order, then offset and limit (total counts every match). */
export function cutPage<T>(
  items: readonly T[],
  match: (item: T) => boolean,
  compare: (a: T, b: T) => number,
  query: { offset?: number | undefined; limit?: number | undefined },
): ListPage<T> {
  const matching = items.filter(match).sort(compare);
  const offset = query.offset ?? 0;
  return {
    total: matching.length,
    offset,
    items: matching.slice(offset, query.limit === undefined ? undefined : offset + query.limit),
  };
}
