import type { HostListItem } from '@meshdeck/contracts';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import tableClasses from '@/components/data-table/data-table.module.css';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { RowLink } from '@/components/data-table/row-link.tsx';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { useHostActions } from './use-host-actions.ts';
import { formatVersion } from '@/lib/format.ts';
import { paths } from '@/lib/paths.ts';
import { HostRowMenu } from './host-row-menu.tsx';
import { LIST_HEIGHT } from '@/lib/constants.ts';

const column = createColumnHelper<HostListItem>();
const rowId = (item: HostListItem) => item.id;

export interface HostsTableProps {
  /** Already filtered and sorted (useList). */
  rows: readonly HostListItem[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  /** Every device before the page's filters (`rows` is already filtered). */
  totalCount: number;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** Hides sync and the row menu (a viewer whose changes the server would refuse). */
  isReadOnly?: boolean;
}

/** The devices overview (features §3.6): endpoints, port, version, status, and per-row sync and actions. */
export function HostsTable({
  rows,
  query,
  totalCount,
  sorting,
  onSortingChange,
  isReadOnly,
}: HostsTableProps) {
  const { t } = useTranslation('devices');
  const { sync } = useHostActions();
  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('fields.name'),
        cell: (info) => (
          <div className={tableClasses.cellGroup}>
            <RowLink href={paths.host(info.row.original.id)}>{info.row.original.name}</RowLink>
            {info.row.original.isDefault && (
              <RowBadge size="xs" variant="outline">
                {t('badges.default')}
              </RowBadge>
            )}
            {info.row.original.isBehindNat && (
              <RowBadge size="xs" color="yellow">
                {t('badges.behindNat')}
              </RowBadge>
            )}
          </div>
        ),
      }),
      column.accessor('endpoint', { meta: { isKey: true }, header: t('fields.endpointIpv4') }),
      column.accessor('endpoint6', { header: t('fields.endpointIpv6') }),
      column.accessor('listenPort', { id: 'port', header: t('fields.publicPort') }),
      column.accessor((item) => formatVersion(item.version), { id: 'version', header: t('fields.version') }),
      column.accessor('status', {
        meta: { isKey: true },
        header: t('fields.status'),
        cell: (info) => (
          <StatusCell status={info.row.original.status} lastCheckIn={info.row.original.lastCheckIn} />
        ),
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 140,
        cell: (info) => (
          <div className={tableClasses.cellActions}>
            <button type="button" className={tableClasses.rowButton} onClick={() => sync(info.row.original)}>
              {t('actions.sync')}
            </button>
            <LazyRowMenu
              label={t('actions.menu', { name: info.row.original.name })}
              render={() => <HostRowMenu item={info.row.original} />}
            />
          </div>
        ),
      }),
    ],
    [t, sync],
  );
  const shown = useMemo(
    () => (isReadOnly ? columns.filter((item) => item.id !== 'actions') : columns),
    [columns, isReadOnly],
  );
  return (
    <DataTable
      data={rows}
      query={query}
      totalCount={totalCount}
      columns={shown}
      getRowId={rowId}
      label={t('tableLabel')}
      sorting={sorting}
      onSortingChange={onSortingChange}
      isPreSorted
      // The default body height less the page's tab bar (about 40 px), so a 900 px window shows the whole page
      // and the list scrolls inside the table (issue 30).
      height={LIST_HEIGHT}
    />
  );
}
