import type { ColumnDef, RowSelectionState, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { TableQuery } from './table-query.ts';

export interface DataTableProps<T> {
  data: readonly T[];
  /** The rows' query state (IN_MEMORY for rows that need no read). */
  query: TableQuery;
  /**
   * Rows before the page's own filters when `data` is already filtered (a useList view's `all`): none left after
   * filtering then says "no match" instead of "empty". Defaults to `data.length`.
   */
  totalCount?: number;
  // Columns of one table hold different value types; TanStack's own helpers type such arrays with `any`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** Accessible name of the table. */
  label: string;
  /** Free-text filter over the columns that allow it; controlled so pages can keep it in the URL. */
  search?: string;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** When given, a checkbox column selects rows for bulk actions. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  onRowClick?: (row: T) => void;
  /** Height of the scrolling body; rows outside it are not rendered. */
  height?: number | string;
  rowHeight?: number;
  /** Shown when the list has no rows at all (after a successful read). */
  empty?: ReactNode;
  /** Shown when rows exist but the search or filters hide them all; defaults to a "no match" text. */
  noMatch?: ReactNode;
  /**
   * The rows are already filtered and sorted (a list from lib/list/use-list.ts): the table only reports header
   * clicks, so a keystroke never re-sorts 10,000 rows here.
   */
  isPreSorted?: boolean;
  /** The export control (CSV, JSON) in the header's last cell, named after `label`; false hides it. */
  isExportable?: boolean;
  /** Called when the last row comes into view: a list read page by page asks for its next page. */
  onEndReached?: () => void;
}
