import type { NodeListItem } from '@meshdeck/contracts';
import { createColumnHelper, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import tableClasses from '@/components/data-table/data-table.module.css';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import { RowLink } from '@/components/data-table/row-link.tsx';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { NodeActionsMenu } from '@/features/nodes/components/node-actions-menu.tsx';
import { NodeTagBadges } from '@/features/nodes/components/node-tag-badges.tsx';
import { rolesOfRow } from '@/features/routing/routing.public.ts';
import { paths } from '@/lib/paths.ts';
import { NodeBadges } from './node-badges.tsx';

const column = createColumnHelper<NodeListItem>();

export interface NodesTableProps {
  /** Already filtered and sorted (useList). */
  rows: readonly NodeListItem[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  /** Every node before the page's filters (`rows` is already filtered). */
  totalCount: number;
  /** Shown when the network has no node at all. */
  empty?: ReactNode;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** Without a selection the table has no checkboxes (a viewer who may not delete nodes). */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  /** Hides the row menu (connect, approve, remove): the viewer may not change this network's nodes. */
  isReadOnly?: boolean;
  height?: number | string;
}

const rowId = (item: NodeListItem) => item.id;

/** The nodes of one network (features §3.11); virtualised, memoised rows, so 10,000 rows stay smooth. */
export function NodesTable(props: NodesTableProps) {
  const { t } = useTranslation('nodes');
  // Columns depend on the language only: rebuilding them per render would re-render every visible row.
  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('columns.name'),
        cell: (info) => (
          <div className={tableClasses.cellGroup}>
            <RowLink href={paths.networkHost(info.row.original.network, info.row.original.hostId)}>
              {info.getValue()}
            </RowLink>
            <NodeBadges item={info.row.original} t={t} />
          </div>
        ),
      }),
      column.accessor((item) => item.address || item.address6, {
        id: 'address',
        meta: { isKey: true },
        header: t('columns.address'),
      }),
      column.accessor('endpoint', { header: t('columns.endpoint') }),
      column.accessor('status', {
        meta: { isKey: true },
        header: t('columns.status'),
        cell: (info) => (
          <StatusCell
            status={info.row.original.status}
            lastCheckIn={info.row.original.lastCheckIn}
            isConnected={info.row.original.isConnected}
          />
        ),
      }),
      column.accessor((item) => item.tags.join(' '), {
        id: 'tags',
        header: t('columns.tags'),
        enableSorting: false,
        cell: (info) => (
          <NodeTagBadges tags={info.row.original.tags} networkId={info.row.original.network} t={t} />
        ),
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 60,
        cell: (info) => (
          <LazyRowMenu
            label={t('actions.menu', { name: info.row.original.name })}
            render={() => (
              <NodeActionsMenu
                node={info.row.original}
                hostName={info.row.original.name}
                roles={rolesOfRow(info.row.original)}
                tags={info.row.original.tags}
                defaultOpened
              />
            )}
          />
        ),
      }),
    ],
    [t],
  );
  const shown = useMemo(
    () => (props.isReadOnly ? columns.filter((item) => item.id !== 'actions') : columns),
    [columns, props.isReadOnly],
  );
  return (
    <DataTable
      data={props.rows}
      query={props.query}
      totalCount={props.totalCount}
      empty={props.empty}
      columns={shown}
      getRowId={rowId}
      label={t('tableLabel')}
      sorting={props.sorting}
      onSortingChange={props.onSortingChange}
      rowSelection={props.rowSelection}
      onRowSelectionChange={props.onRowSelectionChange}
      height={props.height}
      isPreSorted
    />
  );
}
