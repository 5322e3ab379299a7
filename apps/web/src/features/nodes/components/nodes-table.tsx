import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NodeActionsMenu } from '@/components/devices/node-actions-menu.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { paths } from '@/lib/paths.ts';
import type { NodeRow } from '../node-filters.ts';
import { NodeBadges } from './node-badges.tsx';

const column = createColumnHelper<NodeRow>();

export interface NodesTableProps {
  rows: readonly NodeRow[];
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (selection: RowSelectionState) => void;
  height?: number | string;
}

/** The nodes of one network (features §3.11); virtualised by DataTable, so 10,000 rows stay smooth. */
export function NodesTable(props: NodesTableProps) {
  const { t } = useTranslation('nodes');
  // Columns depend on the language only: rebuilding them per render would re-render every visible cell.
  const columns = useMemo(
    () => [
      column.accessor('hostName', {
        id: 'name',
        header: t('columns.name'),
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={paths.networkHost(info.row.original.node.network, info.row.original.node.hostId)}
              size="sm"
              fw={500}
            >
              {info.getValue()}
            </Anchor>
            <NodeBadges row={info.row.original} />
          </Group>
        ),
      }),
      column.accessor((row) => row.node.address || row.node.address6, {
        id: 'address',
        header: t('columns.address'),
      }),
      column.accessor('endpoint', { header: t('columns.endpoint') }),
      column.accessor('statusLabel', {
        id: 'status',
        header: t('columns.status'),
        cell: (info) => (
          <StatusBadge
            status={info.row.original.node.status}
            lastCheckIn={info.row.original.node.lastCheckIn}
            isConnected={info.row.original.node.isConnected}
          />
        ),
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 60,
        cell: (info) => (
          <NodeActionsMenu node={info.row.original.node} hostName={info.row.original.hostName} />
        ),
      }),
    ],
    [t],
  );
  return (
    <DataTable
      data={props.rows}
      columns={columns}
      getRowId={(row) => row.node.id}
      label={t('tableLabel')}
      sorting={props.sorting}
      onSortingChange={props.onSortingChange}
      rowSelection={props.rowSelection}
      onRowSelectionChange={props.onRowSelectionChange}
      height={props.height}
    />
  );
}
