import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { DataTableProps } from './data-table-props.ts';

const NO_ROWS: never[] = [];
const NO_SORTING: SortingState = [];
const NO_SELECTION: RowSelectionState = {};

/**
 * The TanStack table behind a DataTable: sorting, filtering and selection, or (pre-sorted lists) only the header
 * clicks, reported to the page.
 */
export function useTableModel<T>(props: DataTableProps<T>) {
  // Pre-sorted lists give the header table no rows: WindowRows builds row objects for the visible window only.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions by design.
  return useReactTable({
    data: props.isPreSorted ? NO_ROWS : (props.data as T[]),
    columns: props.columns,
    getRowId: props.getRowId,
    // Constants, not fresh `[]` / `{}`: a new sorting array each render re-sorts, which resets the page index,
    // which re-renders the table: an endless loop for any table rendered without a sorting prop.
    state: {
      globalFilter: props.search ?? '',
      sorting: props.sorting ?? NO_SORTING,
      rowSelection: props.rowSelection ?? NO_SELECTION,
    },
    enableRowSelection: props.rowSelection !== undefined,
    onSortingChange: (updater) => {
      const current = props.sorting ?? [];
      props.onSortingChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
    onRowSelectionChange: (updater) => {
      const current = props.rowSelection ?? {};
      props.onRowSelectionChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
    manualSorting: props.isPreSorted,
    // Without rows the table cannot guess a column's first direction from its values: ascending, as with text.
    sortDescFirst: props.isPreSorted ? false : undefined,
    manualFiltering: props.isPreSorted,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: props.isPreSorted ? undefined : getFilteredRowModel(),
    getSortedRowModel: props.isPreSorted ? undefined : getSortedRowModel(),
  });
}

/** What the header's "select all" checkbox shows and does. */
export interface SelectAll {
  isAll: boolean;
  isSome: boolean;
  toggle: () => void;
}

/** "Select all" over a pre-sorted list: every matching item, checked once per change (no row objects). */
export function useSelectAll<T>(props: DataTableProps<T>): SelectAll {
  const { data, getRowId, rowSelection, onRowSelectionChange, isPreSorted } = props;
  return useMemo(() => {
    const selection = rowSelection ?? {};
    // Nothing selected (the usual case, and every keystroke's): no pass over 100,000 rows to find out.
    const hasSelection = Boolean(isPreSorted) && Object.keys(selection).length > 0;
    const isAll = hasSelection && data.length > 0 && data.every((item) => selection[getRowId(item)]);
    const isSome = !isAll && hasSelection && data.some((item) => selection[getRowId(item)]);
    const toggle = () =>
      onRowSelectionChange?.(isAll ? {} : Object.fromEntries(data.map((item) => [getRowId(item), true])));
    return { isAll, isSome, toggle };
  }, [data, getRowId, rowSelection, onRowSelectionChange, isPreSorted]);
}
