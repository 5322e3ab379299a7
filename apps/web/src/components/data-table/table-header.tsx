import { Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, type ColumnDef, type Header, type Table as TanStackTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from './export-menu.tsx';
import type { SelectAll } from './use-table-model.ts';
import classes from './data-table.module.css';

/** TanStack's width for a column that sets none: such columns share the room left. */
const DEFAULT_COLUMN_SIZE = 150;

export interface TableHeaderProps<T> {
  table: TanStackTable<T>;
  label: string;
  /** Every column, also those a narrow screen leaves out: the export holds them all. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  exportColumns: ColumnDef<T, any>[];
  /** The rows the export writes: what the table shows, filtered and sorted. */
  exportRows: () => readonly T[];
  isExportable: boolean;
  /** The checkbox column is drawn (the page passed a selection). */
  isSelectable: boolean;
  /** A pre-sorted list selects all through `selectAll`; other tables through TanStack's row model. */
  isPreSorted: boolean;
  selectAll: SelectAll;
}

/** The header row: "select all", a sort button per sortable heading, and the export control in the last heading. */
export function TableHeader<T>(props: TableHeaderProps<T>) {
  const { t } = useTranslation('common');
  const { table } = props;
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {props.isSelectable && (
            <Table.Th className={classes.selectCell}>
              <Checkbox
                aria-label={t('table.selectAll')}
                checked={props.isPreSorted ? props.selectAll.isAll : table.getIsAllRowsSelected()}
                indeterminate={props.isPreSorted ? props.selectAll.isSome : table.getIsSomeRowsSelected()}
                onChange={
                  props.isPreSorted ? props.selectAll.toggle : table.getToggleAllRowsSelectedHandler()
                }
              />
            </Table.Th>
          )}
          {group.headers.map((header, index) => (
            <HeaderCell
              key={header.id}
              header={header}
              // Every table exports what it shows, filtered and sorted (issue 33), from its last heading.
              exportMenu={
                index === group.headers.length - 1 && props.isExportable ? (
                  <ExportMenu label={props.label} columns={props.exportColumns} rows={props.exportRows} />
                ) : undefined
              }
            />
          ))}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}

/** One heading: its title, a sort button when the column sorts, and the export control when it is the last. */
function HeaderCell<T>({ header, exportMenu }: { header: Header<T, unknown>; exportMenu?: ReactNode }) {
  const sorted = header.column.getIsSorted();
  const heading = flexRender(header.column.columnDef.header, header.getContext());
  const title = header.column.getCanSort() ? (
    <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()}>
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
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      style={{ width: header.getSize() === DEFAULT_COLUMN_SIZE ? undefined : header.getSize() }}
    >
      {/* The export control sits beside the sort button, never inside it (a button may not hold a button). */}
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
}
