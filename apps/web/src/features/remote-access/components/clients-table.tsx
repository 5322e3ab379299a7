import { Switch } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import tableClasses from '@/components/data-table/data-table.module.css';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import type { ClientRow } from '../api/client-row.ts';
import { ClientRowMenu, type ClientRowActions } from './client-row-menu.tsx';

const column = createColumnHelper<ClientRow>();

export interface ClientsTableProps {
  /** Already filtered and sorted (useList). */
  rows: readonly ClientRow[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  /** Every client before the page's filters (`rows` is already filtered). */
  totalCount: number;
  /** Gateway node id -> host name, built once per gateway list. */
  gatewayNames: ReadonlyMap<string, string>;
  /** The /clients page lists every network's clients and shows the network. */
  hasNetworkColumn?: boolean;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** Edit, view config and delete, with who may do which (one stable object: the columns depend on it). */
  rowActions: ClientRowActions;
  onToggleEnabled: (client: ClientRow, enabled: boolean) => void;
  /** Client ids whose enabled switch is being saved. */
  pendingIds: ReadonlySet<string>;
  height?: number | string;
}

const rowId = (row: ClientRow) => row.id;

/** The VPN config files table (features §3.12): ID, owner, addresses, gateway, enabled switch and menu. */
export function ClientsTable(props: ClientsTableProps) {
  const { t } = useTranslation('remoteAccess');
  const { gatewayNames, hasNetworkColumn, rowActions, onToggleEnabled, pendingIds } = props;
  const columns = useMemo(
    () => [
      column.accessor('clientId', { id: 'id', meta: { isKey: true }, header: t('clients.columns.id') }),
      ...(hasNetworkColumn ? [column.accessor('network', { header: t('clients.columns.network') })] : []),
      column.accessor('ownerId', { id: 'owner', header: t('clients.columns.owner') }),
      column.accessor((row) => [row.address, row.address6].filter(Boolean).join(', '), {
        id: 'address',
        meta: { isKey: true },
        header: t('clients.columns.addresses'),
      }),
      column.accessor(
        (row) => gatewayNames.get(row.gatewayNodeId) ?? (row.gatewayEndpoint || row.gatewayNodeId),
        {
          id: 'gateway',
          header: t('clients.columns.gateway'),
        },
      ),
      column.accessor('isEnabled', {
        id: 'enabled',
        meta: { isKey: true },
        header: t('clients.columns.enabled'),
        size: 100,
        cell: (info) => (
          <Switch
            aria-label={t('clients.enabledFor', { name: info.row.original.clientId })}
            checked={info.getValue()}
            // Switching sends a PUT: a caller who may not update this client reads its state only.
            disabled={
              pendingIds.has(info.row.original.id) || !rowActions.canChange(info.row.original, 'update')
            }
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => onToggleEnabled(info.row.original, event.currentTarget.checked)}
          />
        ),
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 60,
        cell: (info) => {
          const client = info.row.original;
          // A caller who may change nothing here gets the one thing it may do: read the config.
          if (!rowActions.canChange(client, 'update') && !rowActions.canChange(client, 'delete'))
            return (
              <button
                type="button"
                className={tableClasses.rowButton}
                aria-label={t('clients.viewConfigFor', { name: client.clientId })}
                onClick={(event) => {
                  event.stopPropagation();
                  rowActions.onViewConfig(client);
                }}
              >
                <IconFileText size={14} />
              </button>
            );
          return (
            <LazyRowMenu
              label={t('clients.actionsFor', { name: client.clientId })}
              render={() => <ClientRowMenu client={client} actions={rowActions} />}
            />
          );
        },
      }),
    ],
    [t, gatewayNames, hasNetworkColumn, rowActions, onToggleEnabled, pendingIds],
  );
  return (
    <DataTable
      data={props.rows}
      query={props.query}
      totalCount={props.totalCount}
      columns={columns}
      getRowId={rowId}
      label={t('clients.tableLabel')}
      sorting={props.sorting}
      onSortingChange={props.onSortingChange}
      height={props.height}
      isPreSorted
    />
  );
}
