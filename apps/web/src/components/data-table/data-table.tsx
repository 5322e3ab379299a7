import { Box, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualRows } from './data-table-body.tsx';
import classes from './data-table.module.css';

export interface DataTableProps<T> {
  data: readonly T[];
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
  empty?: ReactNode;
  /**
   * The rows are already filtered and sorted (a list from lib/list/use-list.ts): the table only reports header
   * clicks, so a keystroke never re-sorts 10,000 rows here.
   */
  isPreSorted?: boolean;
}

/**
 * The one table of the console: sorting, filtering and selection from TanStack Table, and row virtualisation
 * from TanStack Virtual, so 10,000 rows cost the same to render as the forty that fit on screen.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const scrollRef = useRef<HTMLDivElement>(null);
  const isSelectable = props.rowSelection !== undefined;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions by design.
  const table = useReactTable({
    data: props.data as T[],
    columns: props.columns,
    getRowId: props.getRowId,
    state: {
      globalFilter: props.search ?? '',
      sorting: props.sorting ?? [],
      rowSelection: props.rowSelection ?? {},
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
    manualFiltering: props.isPreSorted,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: props.isPreSorted ? undefined : getFilteredRowModel(),
    getSortedRowModel: props.isPreSorted ? undefined : getSortedRowModel(),
  });
  const rows = table.getRowModel().rows;
  const rowHeight = props.rowHeight ?? 44;
  const columnCount = table.getVisibleLeafColumns().length + (isSelectable ? 1 : 0);

  return (
    <Box ref={scrollRef} data-scroll className={classes.scroll} style={{ height: props.height ?? 'calc(100dvh - 260px)' }}>
      <Table
        aria-label={props.label}
        aria-rowcount={rows.length}
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
                    checked={table.getIsAllRowsSelected()}
                    indeterminate={table.getIsSomeRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                </Table.Th>
              )}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <Table.Th
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    style={{ width: header.getSize() === 150 ? undefined : header.getSize() }}
                  >
                    {header.column.getCanSort() ? (
                      <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        {sorted === 'asc' ? <IconArrowUp size={14} /> : sorted === 'desc' ? <IconArrowDown size={14} /> : <IconArrowsSort size={14} opacity={0.4} />}
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                {props.empty ?? (
                  <Text c="dimmed" ta="center" py="xl">
                    {t('table.empty')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ) : (
            <VirtualRows
              rows={rows}
              scrollRef={scrollRef}
              columns={props.columns}
              isSelectable={isSelectable}
              rowHeight={rowHeight}
              onRowClick={props.onRowClick}
              selectLabel={t('table.selectRow')}
              selection={props.rowSelection}
            />
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
