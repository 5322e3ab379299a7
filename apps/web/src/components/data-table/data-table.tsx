import { Box, Table } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error.tsx';
import { expectedBodyHeight, scrollToTop, VIEWPORT_OFFSET_PX } from './body-height.ts';
import { DataTableRows } from './data-table-body.tsx';
import type { DataTableProps } from './data-table-props.ts';
import { narrowTableMinWidth, RowDetails, useNarrowColumns } from './narrow-columns.tsx';
import { tableBodyState } from './table-query.ts';
import { TableHeader } from './table-header.tsx';
import { LoadingRows, NoRowsRow } from './table-states.tsx';
import { useSelectAll, useTableModel } from './use-table-model.ts';
import classes from './data-table.module.css';

export type { DataTableProps } from './data-table-props.ts';
export { IN_MEMORY, tableBodyState, type TableBodyState, type TableQuery } from './table-query.ts';

/**
 * The one table of the console: sorting, filtering and selection from TanStack Table (use-table-model.ts), and
 * row virtualisation from TanStack Virtual (data-table-body.tsx), so 10,000 rows cost the same to render as the
 * forty that fit on screen. The header (table-header.tsx), the bodies without rows (table-states.tsx) and the
 * narrow-screen columns (narrow-columns.tsx) live beside it.
 */
export function DataTable<T>(tableProps: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const { isNarrow, narrow, details, closeDetails } = useNarrowColumns(tableProps.columns);
  const props = narrow ? { ...tableProps, columns: narrow.shown } : tableProps;
  // State, not a ref: child layout effects run before a parent's ref is set, so a virtualiser mounted with its
  // data already cached (the route prefetched it) never saw its scroll element and never followed the scroll.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // A new search starts at its first match: a body scrolled down 10,000 rows would keep its offset, clamped to the
  // shorter list, and show the last matches with the first ones above the view.
  const search = props.search ?? '';
  useEffect(() => {
    if (scrollElement) scrollToTop(scrollElement);
  }, [search, scrollElement]);
  const isSelectable = props.rowSelection !== undefined;
  const table = useTableModel(props);
  const rows = table.getRowModel().rows;
  const rowCount = props.isPreSorted ? props.data.length : rows.length;
  const rowHeight = props.rowHeight ?? 44;
  const selectAll = useSelectAll(props);
  const columnSizes = table.getVisibleLeafColumns().map((column) => column.getSize());
  const columnCount = columnSizes.length + (isSelectable ? 1 : 0);
  // On a phone the table keeps its columns readable and scrolls inside its box (the page itself never does).
  const minWidth = isNarrow ? narrowTableMinWidth(columnSizes, isSelectable) : undefined;
  const state = tableBodyState(props.query, props.totalCount ?? props.data.length, rowCount);

  return (
    <>
      {/* A failed refresh keeps the rows already read, with the reason and a retry above them. */}
      {state === 'rows' && props.query.error ? (
        <LoadError error={props.query.error} onRetry={props.query.refetch} />
      ) : null}
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
          style={minWidth === undefined ? undefined : { minWidth }}
        >
          <TableHeader
            table={table}
            label={tableProps.label}
            exportColumns={tableProps.columns}
            exportRows={() => (props.isPreSorted ? props.data : rows.map((row) => row.original))}
            isExportable={tableProps.isExportable !== false}
            isSelectable={isSelectable}
            isPreSorted={props.isPreSorted ?? false}
            selectAll={selectAll}
          />
          <Table.Tbody>
            {state === 'loading' ? (
              <LoadingRows columnCount={columnCount} rowHeight={rowHeight} label={props.label} />
            ) : state !== 'rows' ? (
              <NoRowsRow
                state={state}
                query={props.query}
                columnCount={columnCount}
                empty={props.empty}
                noMatch={props.noMatch}
              />
            ) : (
              <DataTableRows
                {...props}
                scrollElement={scrollElement}
                rows={rows}
                rowHeight={rowHeight}
                initialHeight={expectedBodyHeight(props.height)}
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
            onClose={closeDetails}
          />
        )}
      </Box>
    </>
  );
}
