import { Table } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import type { DataTableProps } from './data-table-props.ts';
import classes from './data-table.module.css';

/**
 * Rows rendered beyond each edge of the view: enough for a few wheel notches, few enough that a long wheel step
 * (which replaces every row) builds ~19 rows instead of ~31.
 */
const OVERSCAN_ROWS = 4;

// Plain elements with Mantine's table classes: the Table.Tr / Table.Td components run the styles API per cell,
// which every scroll step paid for every new row.
const ROW_CLASS = `${Table.classes.tr} ${classes.row}`;
const CELL_CLASS = Table.classes.td;

interface RowProps<T> {
  scrollElement: HTMLDivElement | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  isSelectable: boolean;
  rowHeight: number;
  /** The scroll body's expected height, used until it is measured. */
  initialHeight: number;
  onRowClick: ((row: T) => void) | undefined;
  selectLabel: string;
  /** Only here so a selection change re-renders the rows' checkboxes. */
  selection: RowSelectionState | undefined;
  /** Called when the last row comes into the window: a paged list reads its next page. */
  onEndReached: (() => void) | undefined;
}

function useRowWindow<T>(count: number, props: RowProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns new functions by design.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => props.scrollElement,
    estimateSize: () => props.rowHeight,
    overscan: OVERSCAN_ROWS,
    // Rows before measuring: the first render has them (and jsdom, which has no layout, renders them at all).
    initialRect: { width: 1024, height: props.initialHeight },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const { onEndReached } = props;
  useEffect(() => {
    if (count > 0 && lastIndex === count - 1) onEndReached?.();
  }, [count, lastIndex, onEndReached]);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return { items, paddingTop, paddingBottom };
}

function renderWindow<T>(
  window: ReturnType<typeof useRowWindow>,
  rowAt: (index: number) => Row<T> | undefined,
  props: RowProps<T>,
) {
  return (
    <>
      {window.paddingTop > 0 && <tr aria-hidden style={{ height: window.paddingTop }} />}
      {window.items.map((item) => {
        const row = rowAt(item.index);
        if (!row) return null;
        return (
          <DataTableRow
            key={row.id}
            row={row}
            original={row.original}
            columns={props.columns}
            isSelected={props.isSelectable ? row.getIsSelected() : undefined}
            rowHeight={props.rowHeight}
            onRowClick={props.onRowClick}
            selectLabel={props.selectLabel}
          />
        );
      })}
      {window.paddingBottom > 0 && <tr aria-hidden style={{ height: window.paddingBottom }} />}
    </>
  );
}

/**
 * The rows in view plus two spacer rows, over a table's full row model. It owns the virtualiser, so a scroll
 * event re-renders this body alone (not the header and toolbar), and rows already on screen skip rendering.
 */
export function VirtualRows<T>(props: RowProps<T> & { rows: Row<T>[] }) {
  const window = useRowWindow(props.rows.length, props);
  return renderWindow(window, (index) => props.rows[index], props);
}

/**
 * The rows in view of an already filtered and sorted list: TanStack Table builds row objects for the visible
 * window only, so 100,000 items cost no 100,000 row objects (time and heap) on each data change.
 */
export function WindowRows<T>(
  props: RowProps<T> & {
    data: readonly T[];
    getRowId: (row: T) => string;
    onRowSelectionChange: ((selection: RowSelectionState) => void) | undefined;
  },
) {
  const window = useRowWindow(props.data.length, props);
  const first = window.items[0]?.index ?? 0;
  const last = window.items[window.items.length - 1]?.index ?? -1;
  const slice = useMemo(() => props.data.slice(first, last + 1), [props.data, first, last]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions by design.
  const table = useReactTable({
    data: slice,
    columns: props.columns,
    getRowId: props.getRowId,
    state: { rowSelection: props.selection ?? {} },
    enableRowSelection: props.isSelectable,
    onRowSelectionChange: (updater) => {
      const current = props.selection ?? {};
      props.onRowSelectionChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
    getCoreRowModel: getCoreRowModel(),
  });
  const rows = table.getRowModel().rows;
  return renderWindow(window, (index) => rows[index - first], props);
}

/** The body rows: the window of a pre-sorted list, or the window of the table's own row model. */
export function DataTableRows<T>(
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

interface DataTableRowProps<T> {
  row: Row<T>;
  /** Compared by identity: an unchanged item (same object) skips rendering entirely. */
  original: T;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  isSelected: boolean | undefined;
  rowHeight: number;
  onRowClick: ((row: T) => void) | undefined;
  selectLabel: string;
}

/**
 * One body row, memoised on its item, selection and columns: scrolling renders only the rows that come into
 * view, and a pushed change to one item re-renders one row.
 */
const DataTableRow = memo(
  function DataTableRow<T>({ row, isSelected, rowHeight, onRowClick, selectLabel }: DataTableRowProps<T>) {
    return (
      <tr
        data-row-id={row.id}
        data-with-row-border
        className={onRowClick ? `${ROW_CLASS} ${classes.clickable}` : ROW_CLASS}
        style={{ height: rowHeight }}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
        onKeyDown={
          onRowClick
            ? (event) => {
                if (event.key === 'Enter') onRowClick(row.original);
              }
            : undefined
        }
        tabIndex={onRowClick ? 0 : undefined}
        aria-selected={isSelected}
      >
        {isSelected !== undefined && (
          <td className={`${CELL_CLASS} ${classes.selectCell}`} onClick={(event) => event.stopPropagation()}>
            <input
              type="checkbox"
              className={classes.rowCheckbox}
              aria-label={selectLabel}
              checked={isSelected}
              onChange={row.getToggleSelectedHandler()}
            />
          </td>
        )}
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={CELL_CLASS}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  },
  (previous, next) =>
    previous.original === next.original &&
    previous.isSelected === next.isSelected &&
    previous.columns === next.columns &&
    previous.rowHeight === next.rowHeight &&
    previous.onRowClick === next.onRowClick &&
    previous.selectLabel === next.selectLabel,
) as <T>(props: DataTableRowProps<T>) => ReactNode;
