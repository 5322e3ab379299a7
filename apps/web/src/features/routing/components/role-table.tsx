import { Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';

export interface RoleTableProps<T extends { id: string }> {
  /** The table's heading and accessible name. */
  title: string;
  /** Each row's `id` is its key in the table. */
  rows: readonly T[];
  // Columns of one table hold different value types; TanStack's own helpers type such arrays with `any`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  search: string | undefined;
  searchLabel: string;
  onSearch: (value: string) => void;
  /** The rows' query (the routing page's frame shows the node list's; a table may have a read of its own). */
  query: TableQuery;
  /** Shown instead of an empty table. */
  emptyText: string;
}

const rowId = (row: { id: string }) => row.id;

/** Rows in view before a routing table scrolls: two tables share a page. */
const TABLE_HEIGHT = 'min(420px, 45dvh)';

/**
 * One of a routing page's tables with its own search (kept in the URL by the page); virtualised, already filtered
 * and sorted by the page, so a network of 10,000 nodes stays smooth.
 */
export function RoleTable<T extends { id: string }>(props: RoleTableProps<T>) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {props.title}
      </Title>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        value={props.search ?? ''}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        maw={360}
      />
      {props.rows.length === 0 && !props.query.isPending && !props.query.error ? (
        <Text c="dimmed" size="sm" py="sm">
          {props.emptyText}
        </Text>
      ) : (
        <DataTable
          data={props.rows}
          query={props.query}
          columns={props.columns}
          getRowId={rowId}
          label={props.title}
          height={TABLE_HEIGHT}
          isPreSorted
        />
      )}
    </Stack>
  );
}
