import type { Network } from '@meshdeck/contracts';
import { ActionIcon, Anchor, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { formatDate } from '@/lib/format.ts';
import { paths } from '@/lib/paths.ts';

export interface NetworkRow extends Network {
  nodeCount: number;
}

export interface NetworksTableProps {
  rows: readonly NetworkRow[];
  search: string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  onRowClick: (row: NetworkRow) => void;
  /** Present on the networks page only: adds the per-row delete button (features §3.10). */
  onDelete?: (row: NetworkRow) => void;
  /** The networks' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  empty?: React.ReactNode;
  noMatch?: React.ReactNode;
}

const column = createColumnHelper<NetworkRow>();
const unix = (seconds: number) => (seconds > 0 ? formatDate(seconds * 1000) : '');
/**
 * Rows the table's smallest body (200 px) shows whole. A longer list takes the table's viewport height: an 'auto'
 * height under the body's size containment is that 200 px, three rows of 10,000 networks.
 */
const FEW_ROWS = 3;

/** The networks table of the dashboard and the networks page (features §3.5, §3.10); search matches the id only. */
export function NetworksTable({
  rows,
  search,
  sorting,
  onSortingChange,
  onRowClick,
  onDelete,
  query,
  empty,
  noMatch,
}: NetworksTableProps) {
  const { t } = useTranslation('networks');
  const columns = useMemo(
    () => [
      column.accessor('netId', {
        id: 'name',
        meta: { isKey: true },
        header: t('columns.name'),
        cell: (info) => (
          <Anchor
            component={Link}
            to={paths.network(info.getValue())}
            onClick={(event) => event.stopPropagation()}
            fw={500}
          >
            {info.getValue()}
          </Anchor>
        ),
      }),
      column.accessor('addressRange', {
        id: 'ipv4',
        meta: { isKey: true },
        header: t('columns.ipv4'),
        enableGlobalFilter: false,
      }),
      column.accessor('addressRange6', { id: 'ipv6', header: t('columns.ipv6'), enableGlobalFilter: false }),
      column.accessor('nodeCount', { id: 'nodes', header: t('columns.nodes'), enableGlobalFilter: false }),
      column.accessor('networkLastModified', {
        id: 'modified',
        header: t('columns.networkModified'),
        enableGlobalFilter: false,
        cell: (info) => <Text fz="sm">{unix(info.getValue())}</Text>,
      }),
      column.accessor('nodesLastModified', {
        id: 'hostsModified',
        header: t('columns.hostsModified'),
        enableGlobalFilter: false,
        cell: (info) => <Text fz="sm">{unix(info.getValue())}</Text>,
      }),
      ...(onDelete
        ? [
            column.display({
              id: 'actions',
              header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
              size: 60,
              cell: (info) => (
                <Tooltip label={t('delete.action')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('delete.actionFor', { netid: info.row.original.netId })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(info.row.original);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ),
            }),
          ]
        : []),
    ],
    [t, onDelete],
  );
  return (
    <DataTable
      data={rows}
      query={query}
      columns={columns}
      getRowId={(row) => row.netId}
      label={t('tableLabel')}
      search={search}
      sorting={sorting}
      onSortingChange={onSortingChange}
      onRowClick={onRowClick}
      height={rows.length > FEW_ROWS ? undefined : 'auto'}
      empty={empty}
      noMatch={noMatch}
    />
  );
}
