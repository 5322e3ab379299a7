import { Box, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error.tsx';
import { VirtualRows, WindowRows } from './data-table-body.tsx';
import { ExportMenu } from './export-menu.tsx';
import { detailsColumn, NARROW_TABLE_BELOW, RowDetails, splitNarrowColumns } from './narrow-columns.tsx';
import classes from './data-table.module.css';

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

/** Skeleton rows while a list loads: a screenful's outline, so the page does not jump when rows arrive. */
const SKELETON_ROWS = 5;

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

/**
 * The one table of the console: sorting, filtering and selection from TanStack Table, and row virtualisation
 * from TanStack Virtual, so 10,000 rows cost the same to render as the forty that fit on screen.
 */
export function DataTable<T>(tableProps: DataTableProps<T>) {
  const { t } = useTranslation('common');
  // Below 768 px: the key columns and a details button per row, so no table is wider than a phone (issue 30).
  const isNarrow = useMediaQuery(`(max-width: ${NARROW_TABLE_BELOW - 0.02}px)`) ?? false;
  const [details, setDetails] = useState<T>();
  const narrow = useMemo(() => {
    if (!isNarrow) return undefined;
    const { shown, hidden } = splitNarrowColumns(tableProps.columns);
    return hidden.length === 0
      ? undefined
      : { shown: [...shown, detailsColumn<T>(t('table.details'), setDetails)], hidden };
  }, [isNarrow, tableProps.columns, t]);
  const props = narrow ? { ...tableProps, columns: narrow.shown } : tableProps;
  // State, not a ref: child layout effects run before a parent's ref is set, so a virtualiser mounted with its
  // data already cached (the route prefetched it) never saw its scroll element and never followed the scroll.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // A new search starts at its first match: a body scrolled down 10,000 rows would keep its offset, clamped to the
  // shorter list, and show the last matches with the first ones above the view.
  const search = props.search ?? '';
  useEffect(() => {
    if (scrollElement) scrollElement.scrollTop = 0;
  }, [search, scrollElement]);
  const isSelectable = props.rowSelection !== undefined;
  // Pre-sorted lists give the header table no rows: WindowRows builds row objects for the visible window only.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions by design.
  const table = useReactTable({
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
    enableRowSelection: isSelectable,
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
  const rows = table.getRowModel().rows;
  const rowCount = props.isPreSorted ? props.data.length : rows.length;
  const rowHeight = props.rowHeight ?? 44;
  const initialHeight = expectedBodyHeight(props.height);
  const selectAll = useSelectAll(props);
  const columnCount = table.getVisibleLeafColumns().length + (isSelectable ? 1 : 0);
  const state = tableBodyState(props.query, props.totalCount ?? props.data.length, rowCount);
  const retry = props.query.refetch;

  return (
    <>
      {/* A failed refresh keeps the rows already read, with the reason and a retry above them. */}
      {state === 'rows' && props.query.error ? <LoadError error={props.query.error} onRetry={retry} /> : null}
      <Box
        ref={setScrollElement}
        data-scroll
        className={classes.scroll}
        style={{ height: props.height ?? `calc(100dvh - ${VIEWPORT_OFFSET_PX}px)` }}
      >
        <Table
          aria-label={props.label}
          aria-rowcount={rowCount}
          aria-busy={state === 'loading' || undefined}
          stickyHeader
          highlightOnHover
          verticalSpacing="xs"
          className={props.isPreSorted ? classes.fixedRows : undefined}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {isSelectable && (
                  <Table.Th className={classes.selectCell}>
                    <Checkbox
                      aria-label={t('table.selectAll')}
                      checked={props.isPreSorted ? selectAll.isAll : table.getIsAllRowsSelected()}
                      indeterminate={props.isPreSorted ? selectAll.isSome : table.getIsSomeRowsSelected()}
                      onChange={
                        props.isPreSorted ? selectAll.toggle : table.getToggleAllRowsSelectedHandler()
                      }
                    />
                  </Table.Th>
                )}
                {group.headers.map((header, index) => {
                  const sorted = header.column.getIsSorted();
                  const heading = flexRender(header.column.columnDef.header, header.getContext());
                  // Every table exports what it shows, filtered and sorted (issue 33), from its last heading. The
                  // export control sits beside the sort button, never inside it (a button may not hold a button).
                  const exportMenu =
                    index === group.headers.length - 1 && tableProps.isExportable !== false ? (
                      <ExportMenu
                        label={tableProps.label}
                        columns={tableProps.columns}
                        rows={() => (props.isPreSorted ? props.data : rows.map((row) => row.original))}
                      />
                    ) : undefined;
                  const title = header.column.getCanSort() ? (
                    <UnstyledButton
                      className={classes.sortButton}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {heading}
                      {sorted === 'asc' ? (
                        <IconArrowUp size={14} />
                      ) : sorted === 'desc' ? (
                        <IconArrowDown size={14} />
                      ) : (
                        <IconArrowsSort size={14} opacity={0.4} />
                      )}
                    </UnstyledButton>
                  ) : (
                    heading
                  );
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      style={{ width: header.getSize() === 150 ? undefined : header.getSize() }}
                    >
                      {exportMenu ? (
                        <Group gap={4} wrap="nowrap" justify="space-between">
                          {title}
                          {exportMenu}
                        </Group>
                      ) : (
                        title
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {state === 'loading' ? (
              <LoadingRows columnCount={columnCount} rowHeight={rowHeight} label={props.label} />
            ) : state !== 'rows' ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  {state === 'error' ? (
                    <LoadError error={props.query.error} onRetry={retry} />
                  ) : state === 'no-match' ? (
                    (props.noMatch ?? (
                      <Text c="dimmed" ta="center" py="xl" data-testid="table-no-match">
                        {t('table.noMatch')}
                      </Text>
                    ))
                  ) : (
                    (props.empty ?? (
                      <Text c="dimmed" ta="center" py="xl">
                        {t('table.empty')}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              <DataTableRows
                {...props}
                scrollElement={scrollElement}
                rows={rows}
                rowHeight={rowHeight}
                initialHeight={initialHeight}
                selectLabel={t('table.selectRow')}
              />
            )}
          </Table.Tbody>
        </Table>
        {narrow && details !== undefined && (
          <RowDetails
            row={details}
            titleColumn={narrow.shown[0]}
            columns={narrow.hidden}
            onClose={() => setDetails(undefined)}
          />
        )}
      </Box>
    </>
  );
}

/**
 * The body while the first read is in flight: a "loading" status for assistive technology and tests, and skeleton
 * rows in the table's own row height.
 */
function LoadingRows({
  columnCount,
  rowHeight,
  label,
}: {
  columnCount: number;
  rowHeight: number;
  label: string;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <tr className={Table.classes.tr}>
        <td className={Table.classes.td} colSpan={columnCount}>
          <Text size="sm" c="dimmed" role="status" aria-label={t('table.loading', { table: label })}>
            {t('loading')}
          </Text>
        </td>
      </tr>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <tr key={row} className={Table.classes.tr} style={{ height: rowHeight }} aria-hidden>
          {Array.from({ length: columnCount }, (_, cell) => (
            <td key={cell} className={Table.classes.td}>
              <span className={classes.skeleton} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** The scroll body's default height: the viewport less the page's header, toolbar and margins. */
const VIEWPORT_OFFSET_PX = 260;
/** Its minimum height (.scroll in data-table.module.css). */
const MIN_BODY_PX = 200;

/**
 * The scroll body's height before it is measured, so the first render already has the rows that fit: a guess that
 * differs from the measured height re-renders the rows once more before the first paint, and lays out the page
 * again (issue 18). A height given as another CSS expression, or no window (tests), keeps a default viewport.
 */
function expectedBodyHeight(height: number | string | undefined): number {
  if (typeof height === 'number') return height;
  const viewport = typeof window === 'undefined' ? 0 : window.innerHeight;
  if (height !== undefined || viewport <= 0) return 720;
  return Math.max(viewport - VIEWPORT_OFFSET_PX, MIN_BODY_PX);
}

const NO_ROWS: never[] = [];
const NO_SORTING: SortingState = [];
const NO_SELECTION: RowSelectionState = {};

/** "Select all" over a pre-sorted list: every matching item, checked once per change (no row objects). */
function useSelectAll<T>(props: DataTableProps<T>) {
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

/** The body rows: the window of a pre-sorted list, or the window of the table's own row model. */
function DataTableRows<T>(
  props: DataTableProps<T> & {
    scrollElement: HTMLDivElement | null;
    rows: Row<T>[];
    rowHeight: number;
    initialHeight: number;
    selectLabel: string;
  },
) {
  const common = {
    scrollElement: props.scrollElement,
    columns: props.columns,
    isSelectable: props.rowSelection !== undefined,
    rowHeight: props.rowHeight,
    initialHeight: props.initialHeight,
    onRowClick: props.onRowClick,
    selectLabel: props.selectLabel,
    selection: props.rowSelection,
    onEndReached: props.onEndReached,
  };
  return props.isPreSorted ? (
    <WindowRows
      {...common}
      data={props.data}
      getRowId={props.getRowId}
      onRowSelectionChange={props.onRowSelectionChange}
    />
  ) : (
    <VirtualRows {...common} rows={props.rows} />
  );
}
