import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ListFilters } from '@/lib/early-request.ts';
import type { LiveList } from './live-list.ts';

export interface ListSource<T extends { id: string }> {
  /** Starts with LIST_KEY. */
  queryKey: QueryKey;
  /** Every row of the list in lean form (one request; rows are patched afterwards, never re-read whole). */
  fetch: (signal: AbortSignal) => Promise<T[]>;
  /**
   * The first rows (FIRST_ROWS) matching the filters, filtered and sorted by the server: what the page shows
   * until `fetch` has every row (at 100,000 rows, seconds later).
   */
  fetchFirst?: (filters: ListFilters, signal: AbortSignal) => Promise<T[]>;
  /** The first rows if a deep link's early request has already brought them (synchronous; taken once). */
  readFirst?: (filters: ListFilters) => T[] | undefined;
  live: LiveList<T>;
}

/** When every row is asked for if no frame has painted the first rows (a tab opened in the background). */
const HIDDEN_TAB_FALLBACK_MS = 1000;

/** The query of a list's every row. */
export const listQueryOptions = <T extends { id: string }>(source: ListSource<T>) =>
  queryOptions({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.fetch(signal),
    meta: { live: source.live },
    // The change stream keeps it fresh; a reconnect invalidates every query (use-live-updates).
    staleTime: Infinity,
  });

/**
 * The query of a list's first rows for the URL's filters; route loaders prefetch it (without waiting) so the rows
 * download while the page's code chunk loads, instead of after it.
 */
export const firstRowsQueryOptions = <T extends { id: string }>(
  source: ListSource<T>,
  filters: ListFilters,
) =>
  queryOptions({
    queryKey: [...source.queryKey, 'first', filters],
    queryFn: ({ signal }) => (source.fetchFirst ? source.fetchFirst(filters, signal) : Promise.resolve([])),
    // Already here on a deep link, usually: then the page's first render has its rows.
    initialData: () => source.readFirst?.(filters),
    staleTime: Infinity,
  });

/**
 * A row predicate that knows its search text and other filters, so a keystroke that extends the search (every
 * row matching "web-1" also matches "web-", with the same other filters) filters only the rows the previous
 * predicate kept instead of every row: at 100,000 rows one pass is ~40 ms, the narrowed pass well under one.
 */
export type RowMatch<T> = ((item: T) => boolean) & {
  /** The search as matched (trimmed, lower-cased): a row matching `search + x` matches `search` too. */
  readonly search: string;
  /** Every other filter, as one comparable text. */
  readonly others: string;
};

/** `predicate` as a RowMatch for `search` (the URL's text, as typed) and the other filters' values. */
export function rowMatch<T>(
  predicate: (item: T) => boolean,
  search: string | undefined,
  others: readonly (string | undefined)[],
): RowMatch<T> {
  return Object.assign(predicate, {
    search: search?.trim().toLowerCase() ?? '',
    others: JSON.stringify(others),
  });
}

/** Whether every row `next` keeps is one `previous` kept. */
const narrows = <T>(next: RowMatch<T>, previous: RowMatch<T>) =>
  next.others === previous.others && next.search.startsWith(previous.search);

/** Per sorted list, the last filter applied to it and the rows it kept: what the next keystroke narrows from. */
const lastFilter = new WeakMap<readonly object[], { match: RowMatch<never>; rows: readonly object[] }>();

/**
 * The rows of `sorted` that `match` keeps, in order. When the previous filter of the same list kept a superset
 * (the search only grew), only its rows are tested. Correct whichever render was last shown: the cache holds a
 * filter with exactly the rows it keeps.
 */
function filterRows<T extends object>(sorted: readonly T[], match: RowMatch<T> | undefined): readonly T[] {
  if (!match) return sorted;
  const last = lastFilter.get(sorted) as { match: RowMatch<T>; rows: readonly T[] } | undefined;
  const rows = (last && narrows(match, last.match) ? last.rows : sorted).filter(match);
  lastFilter.set(sorted, { match, rows });
  return rows;
}

export interface ListView<T> {
  /** Every row in the cache. */
  all: readonly T[];
  /** The rows that match, in display order. */
  rows: readonly T[];
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  /** Reads the list again (a load error's retry). */
  refetch: () => unknown;
}

/**
 * The console's one list hook (issue 18): reads a lean list once, keeps it fresh by patching single rows
 * from the change stream, and derives the visible rows locally so a keystroke costs one pass over cached
 * lower-case texts, not a request. Sorting runs only when the data or the sort changes, never per keystroke.
 * `match` and `compare` must be memoised by the caller (they are the filter and sort of the URL).
 */
export function useList<T extends { id: string }>(
  source: ListSource<T>,
  match: RowMatch<T> | undefined,
  compare: (a: T, b: T) => number,
  filters: ListFilters = {},
): ListView<T> {
  const { fetchFirst } = source;
  // Every row is asked for once the first rows have painted (issue 18): asked for at once, its serialising,
  // download and parse (3.4 MB of JSON at 10,000 rows) competed with the page's own start-up for both cores.
  const [wantAll, setWantAll] = useState(fetchFirst === undefined);
  const query = useQuery({ ...listQueryOptions(source), enabled: wantAll });
  // Until every row is here, the server's first rows for the URL's filters (a filter changed meanwhile asks
  // again, showing the previous rows until then). Never read again once the whole list has arrived.
  const first = useQuery({
    ...firstRowsQueryOptions(source, filters),
    enabled: fetchFirst !== undefined && query.data === undefined,
    placeholderData: keepPreviousData,
  });
  const all = query.data ?? first.data;
  const isFirstShown = all !== undefined || first.error !== null;
  useEffect(() => {
    if (wantAll || !isFirstShown) return;
    // After the frame that paints the first rows: the effect runs before it, the timeout after it. A hidden tab
    // gets no frames: the fallback still brings every row, for when it is shown.
    const start = () => setWantAll(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(start, 0);
    });
    const fallback = setTimeout(start, HIDDEN_TAB_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [wantAll, isFirstShown]);
  const sorted = useMemo(() => (all ? [...all].sort(compare) : []), [all, compare]);
  // A failed read of every row reads again (the first rows' failure already asks for every row).
  const refetch = wantAll ? query.refetch : first.refetch;
  const rows = useMemo(() => filterRows(sorted, match), [sorted, match]);
  return {
    all: all ?? [],
    rows,
    isPending: all === undefined && query.error === null,
    isSuccess: query.isSuccess,
    error: query.error,
    refetch,
  };
}

/** Lower-cased search text per row object, computed once: a patched row is a new object, so it is recomputed. */
export function cachedText<T extends object>(compute: (item: T) => string): (item: T) => string {
  const cache = new WeakMap<T, string>();
  return (item) => {
    let text = cache.get(item);
    if (text === undefined) {
      text = compute(item);
      cache.set(item, text);
    }
    return text;
  };
}
