/**
 * Where a table's rows come from, as its query reports it (a TanStack query result or a useList view fits): the
 * table tells loading, failure, emptiness and "no match" apart from it, never from the row count alone (issue 39).
 */
export interface TableQuery {
  /** No answer yet: skeleton rows, never the empty text. */
  isPending: boolean;
  /** The last read failed: its reason and a retry, never the empty text. */
  error: unknown;
  /** Reads again (the retry button). */
  refetch?: () => unknown;
}

/** The query state of rows already in memory (a host's interfaces, a form's list): never loading, never failed. */
export const IN_MEMORY: TableQuery = { isPending: false, error: null };

/** What a table's body shows: its rows, or which of the four reasons it has none. */
export type TableBodyState = 'rows' | 'loading' | 'error' | 'empty' | 'no-match';

/**
 * The body's state from the query and the counts: rows when any match; "no match" when rows exist but filters
 * hide them all; else the failure, then the load in flight, then a truly empty list.
 */
export function tableBodyState(query: TableQuery, total: number, shown: number): TableBodyState {
  if (shown > 0) return 'rows';
  if (total > 0) return 'no-match';
  if (query.error) return 'error';
  if (query.isPending) return 'loading';
  return 'empty';
}
