import { Anchor, Badge, Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { HostActionsMenu } from '@/components/devices/host-actions-menu.tsx';
import { useHostActions } from '@/components/devices/use-host-actions.ts';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatVersion } from '@/lib/format.ts';
import { paths } from '@/lib/paths.ts';
import type { DeviceRow } from './device-rows.ts';

const column = createColumnHelper<DeviceRow>();

export interface DevicesTableProps {
  rows: readonly DeviceRow[];
  search: string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
}

/** The devices overview (features §3.6): endpoints, port, version, status, and per-row sync and actions. */
export function DevicesTable({ rows, search, sorting, onSortingChange }: DevicesTableProps) {
  const { t } = useTranslation('devices');
  const actions = useHostActions();
  const { sync } = actions;
  const columns = useMemo(
    () => [
      // The search also matches ids and public keys (features §3.6); they trail the name so sorting is unchanged.
      column.accessor((row) => `${row.host.name}\u0000${row.host.id} ${row.host.publicKey}`, {
        id: 'name',
        header: t('fields.name'),
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={paths.host(info.row.original.host.id)} size="sm" fw={500}>
              {info.row.original.host.name}
            </Anchor>
            {info.row.original.host.isDefault && (
              <Badge size="xs" variant="outline">
                {t('badges.default')}
              </Badge>
            )}
            {info.row.original.host.isBehindNat && (
              <Badge size="xs" color="yellow" variant="light">
                {t('badges.behindNat')}
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor((row) => row.host.endpointIpv4, { id: 'endpoint', header: t('fields.endpointIpv4') }),
      column.accessor((row) => row.host.endpointIpv6, { id: 'endpoint6', header: t('fields.endpointIpv6') }),
      column.accessor((row) => row.host.listenPort, {
        id: 'port',
        header: t('fields.publicPort'),
        enableGlobalFilter: false,
      }),
      column.accessor((row) => formatVersion(row.host.version), {
        id: 'version',
        header: t('fields.version'),
      }),
      column.accessor('statusLabel', {
        id: 'status',
        header: t('fields.status'),
        enableGlobalFilter: false,
        cell: (info) => (
          <StatusBadge status={info.row.original.status} lastCheckIn={info.row.original.lastCheckIn} />
        ),
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 140,
        cell: (info) => (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconRefresh size={12} />}
              onClick={() => sync(info.row.original.host)}
            >
              {t('actions.sync')}
            </Button>
            <HostActionsMenu host={info.row.original.host} networks={info.row.original.networks} />
          </Group>
        ),
      }),
    ],
    [t, sync],
  );
  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(row) => row.host.id}
      label={t('tableLabel')}
      search={search}
      sorting={sorting}
      onSortingChange={onSortingChange}
    />
  );
}
