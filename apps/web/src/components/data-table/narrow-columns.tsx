import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the interface must keep TanStack's parameters.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Shown on a narrow screen too (name, status, one address); the other columns move to the row's details. */
    isKey?: boolean;
  }
}

/** Below this width a table shows its key columns only, the rest one tap away (issue 30). */
export const NARROW_TABLE_BELOW = 768;

/**
 * On a narrow screen, the least width of a column that sets none: a name or a status stays readable ("db-server",
 * "HEALTHY") and the table scrolls inside its own box instead of crushing every column to a few letters (issue 39).
 */
export const NARROW_MIN_COLUMN_PX = 120;
/** TanStack's size of a column that sets none. */
const DEFAULT_COLUMN_SIZE = 150;
/** The checkbox column (.selectCell in data-table.module.css). */
const SELECT_COLUMN_PX = 44;

/** The narrow table's least width: each column's own size, or NARROW_MIN_COLUMN_PX for those that set none. */
export function narrowTableMinWidth(sizes: readonly number[], isSelectable: boolean): number {
  return sizes.reduce(
    (sum, size) => sum + (size === DEFAULT_COLUMN_SIZE ? NARROW_MIN_COLUMN_PX : size),
    isSelectable ? SELECT_COLUMN_PX : 0,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Columns<T> = ColumnDef<T, any>[];

/**
 * Splits the columns for a narrow screen: the key ones (marked `meta.isKey`, else the first two) and the row
 * actions stay; the others are shown in the row's details.
 */
export function splitNarrowColumns<T>(columns: Columns<T>): { shown: Columns<T>; hidden: Columns<T> } {
  const hasMarks = columns.some((column) => column.meta?.isKey);
  const isShown = (column: ColumnDef<T, unknown>, index: number) =>
    column.id === 'actions' || (hasMarks ? column.meta?.isKey === true : index < 2);
  return {
    shown: columns.filter((column, index) => isShown(column, index)),
    hidden: columns.filter((column, index) => !isShown(column, index)),
  };
}

/**
 * The columns a table shows on this screen: below 768 px the key columns and a details button per row, so no
 * table is wider than a phone (issue 30); `narrow` is undefined on a wide screen or when every column is a key one.
 */
export function useNarrowColumns<T>(columns: Columns<T>) {
  const { t } = useTranslation('common');
  const isNarrow = useMediaQuery(`(max-width: ${NARROW_TABLE_BELOW - 0.02}px)`) ?? false;
  const [details, setDetails] = useState<T>();
  const narrow = useMemo(() => {
    if (!isNarrow) return undefined;
    const { shown, hidden } = splitNarrowColumns(columns);
    return hidden.length === 0
      ? undefined
      : { shown: [...shown, detailsColumn<T>(t('table.details'), setDetails)], hidden };
  }, [isNarrow, columns, t]);
  return { isNarrow, narrow, details, closeDetails: () => setDetails(undefined) };
}

/** The narrow table's last column: opens the row's details. */
export function detailsColumn<T>(label: string, onOpen: (row: T) => void): ColumnDef<T, unknown> {
  return {
    id: 'details',
    header: '',
    // The button (28 px) and the cell's padding: a fixed-layout table clips what does not fit.
    size: 64,
    enableSorting: false,
    cell: (info) => (
      <button
        type="button"
        className={classes.rowButton}
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(info.row.original);
        }}
      >
        <IconChevronRight size={16} />
      </button>
    ),
  };
}

/** The columns a narrow table leaves out, for one row, as label and value pairs. */
export function RowDetails<T>({
  row,
  titleColumn,
  columns,
  onClose,
}: {
  row: T;
  /** The row's first key column: its value titles the details. */
  titleColumn: ColumnDef<T, unknown> | undefined;
  columns: Columns<T>;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const all = titleColumn ? [titleColumn, ...columns] : columns;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions by design.
  const table = useReactTable({ data: [row], columns: all, getCoreRowModel: getCoreRowModel() });
  const [first, ...rest] = table.getRowModel().rows[0]?.getVisibleCells() ?? [];
  const titleValue = titleColumn ? first?.getValue() : undefined;
  const title = typeof titleValue === 'string' || typeof titleValue === 'number' ? String(titleValue) : '';
  const cells = titleColumn ? rest : [first, ...rest].filter((cell) => cell !== undefined);
  return (
    <Modal opened onClose={onClose} title={title || t('table.details')} size="sm">
      <Stack gap="sm" component="dl" m={0}>
        {cells.map((cell) => {
          const header = cell.column.columnDef.header;
          return (
            <div key={cell.id}>
              <Text component="dt" fz="xs" c="dimmed">
                {typeof header === 'string' ? header : cell.column.id}
              </Text>
              <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Text>
            </div>
          );
        })}
      </Stack>
    </Modal>
  );
}
