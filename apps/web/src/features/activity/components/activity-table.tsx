import type { ActivityEvent } from '@meshdeck/contracts';
import { Badge, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { formatDate } from '@/lib/format.ts';

const column = createColumnHelper<ActivityEvent>();

const ACTION_COLORS: Record<string, string> = {
  CREATE: 'green',
  DELETE: 'red',
  UPDATE: 'blue',
  LOGIN: 'gray',
};

/** Activity entries, newest first: when, who, what they did to which object, in which network, from where. */
export function ActivityTable({
  entries,
  query,
  onOpen,
  onEndReached,
}: {
  entries: readonly ActivityEvent[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  onOpen: (entry: ActivityEvent) => void;
  /** The reader scrolled to the last loaded entry: read the next page. */
  onEndReached?: () => void;
}) {
  const { t } = useTranslation('activity');
  const columns = useMemo(
    () => [
      column.accessor('time_stamp', {
        meta: { isKey: true },
        header: t('columns.time'),
        cell: (info) => formatDate(info.getValue(), 'short'),
        enableGlobalFilter: false,
      }),
      column.accessor('triggered_by', {
        meta: { isKey: true },
        header: t('columns.who'),
        cell: (info) => (
          <Text size="sm" fw={500}>
            {info.getValue() || t('unknownActor')}
            {info.row.original.source.subject_type === 'DEVICE' ? ` (${t('device')})` : ''}
          </Text>
        ),
      }),
      column.accessor('action', {
        header: t('columns.action'),
        cell: (info) => (
          <Badge size="sm" variant="light" color={ACTION_COLORS[info.getValue()] ?? 'grape'}>
            {t(`actions.${info.getValue()}`, { defaultValue: info.getValue() })}
          </Badge>
        ),
      }),
      column.accessor((entry) => entry.target.subject_type, {
        id: 'type',
        header: t('columns.type'),
        cell: (info) => t(`types.${info.getValue()}`, { defaultValue: info.getValue() }),
      }),
      column.accessor((entry) => entry.target.name || entry.target.id, {
        id: 'target',
        header: t('columns.target'),
      }),
      column.accessor('network_id', { header: t('columns.network') }),
      column.accessor('client_address', { header: t('columns.from') }),
    ],
    [t],
  );
  return (
    <DataTable
      data={entries}
      query={query}
      columns={columns}
      getRowId={(entry) => entry.id}
      label={t('tableLabel')}
      onRowClick={onOpen}
      onEndReached={onEndReached}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          {t('empty')}
        </Text>
      }
    />
  );
}
