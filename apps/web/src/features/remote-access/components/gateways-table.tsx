import { Group, Menu, Radio, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash, IconUsers, IconWorld } from '@tabler/icons-react';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowActionMenu } from '@/components/data-table/row-action-menu.tsx';
import type { GatewayRow } from '../api/gateways.ts';

const column = createColumnHelper<GatewayRow>();

export interface GatewaysTableProps {
  gateways: readonly GatewayRow[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  search: string;
  /** The selected gateway filters the clients table; clicking it again clears the filter. */
  selectedId: string | undefined;
  onSelect: (gatewayId: string | undefined) => void;
  /** Edit: a PUT of the gateway's node (hosts update). */
  canEdit: boolean;
  /** Delete: DELETE deleteingress (remote-access gateways delete). */
  canDelete: boolean;
  /** Users on a gateway (pro edition, platform admins: users are global). */
  hasUsers: boolean;
  onEdit: (gateway: GatewayRow) => void;
  onUsers: (gateway: GatewayRow) => void;
  onDelete: (gateway: GatewayRow) => void;
}

/** The gateways table (features §3.12): name with an internet-gateway mark, addresses, client DNS, menu. */
export function GatewaysTable(props: GatewaysTableProps) {
  const { t } = useTranslation('remoteAccess');
  const { selectedId, onSelect, canEdit, canDelete, hasUsers, onEdit, onUsers, onDelete } = props;
  // A handful of gateways per network: their sort stays in the table rather than in the URL.
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        meta: { isKey: true },
        size: 44,
        cell: (info) => (
          <Radio
            aria-label={t('gateways.select', { name: info.row.original.name })}
            checked={info.row.original.id === selectedId}
            onChange={() => onSelect(info.row.original.id)}
            onClick={(event) => {
              event.stopPropagation();
              if (info.row.original.id === selectedId) onSelect(undefined);
            }}
          />
        ),
      }),
      column.accessor('name', {
        meta: { isKey: true },
        header: t('gateways.columns.name'),
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <Text fz="sm" truncate>
              {info.getValue()}
            </Text>
            {info.row.original.isInternetGateway && (
              <Tooltip label={t('gateways.internetGateway')}>
                <IconWorld size={14} aria-label={t('gateways.internetGateway')} />
              </Tooltip>
            )}
          </Group>
        ),
      }),
      column.accessor((row) => [row.address, row.address6].filter(Boolean).join(', '), {
        id: 'address',
        meta: { isKey: true },
        header: t('gateways.columns.addresses'),
      }),
      column.accessor('dns', { header: t('gateways.columns.dns') }),
      ...(canEdit || canDelete || hasUsers
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => (
                <RowActionMenu label={t('gateways.actionsFor', { name: info.row.original.name })}>
                  {canEdit && (
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => onEdit(info.row.original)}
                    >
                      {t('gateways.edit')}
                    </Menu.Item>
                  )}
                  {hasUsers && (
                    <Menu.Item
                      leftSection={<IconUsers size={14} />}
                      onClick={() => onUsers(info.row.original)}
                    >
                      {t('gateways.users')}
                    </Menu.Item>
                  )}
                  {canDelete && (
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => onDelete(info.row.original)}
                    >
                      {t('gateways.delete')}
                    </Menu.Item>
                  )}
                </RowActionMenu>
              ),
            }),
          ]
        : []),
    ],
    [t, selectedId, onSelect, canEdit, canDelete, hasUsers, onEdit, onUsers, onDelete],
  );
  return (
    <DataTable
      data={props.gateways}
      query={props.query}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('gateways.tableLabel')}
      search={props.search}
      sorting={sorting}
      onSortingChange={setSorting}
      onRowClick={(row) => onSelect(row.id === selectedId ? undefined : row.id)}
      height="calc(100dvh - 330px)"
      empty={
        <Text c="dimmed" ta="center" py="xl" fz="sm">
          {t('gateways.empty')}
        </Text>
      }
    />
  );
}
