import type { AlertEvent } from '@meshdeck/contracts';
import { Text, Tooltip } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { formatAgo, formatDate } from '@/lib/format.ts';

const column = createColumnHelper<AlertEvent>();

/** Alerts (firing now, or the history): state, rule, subject, what was seen, when, and how delivery went. */
export function AlertsTable({
  rows,
  query,
  search,
  label,
  empty,
}: {
  rows: readonly AlertEvent[];
  query: TableQuery;
  search: string;
  label: string;
  empty: string;
}) {
  const { t } = useTranslation('alerts');
  const columns = useMemo(
    () => [
      column.accessor((row) => t(`states.${row.state}`), {
        id: 'state',
        header: t('columns.state'),
        size: 110,
        cell: (info) => (
          <RowBadge color={info.row.original.state === 'firing' ? 'red' : 'green'} size="sm">
            {info.getValue()}
          </RowBadge>
        ),
      }),
      column.accessor('rule_name', { header: t('columns.rule'), meta: { isKey: true } }),
      column.accessor('subject_name', { header: t('columns.subject'), meta: { isKey: true } }),
      column.accessor('detail', {
        header: t('columns.detail'),
        size: 320,
        cell: (info) => (
          <Text fz="sm" truncate title={info.getValue()}>
            {info.getValue()}
          </Text>
        ),
      }),
      column.accessor('fired_at', {
        header: t('columns.fired'),
        size: 130,
        cell: (info) => <span title={formatDate(info.getValue())}>{formatAgo(info.getValue())}</span>,
      }),
      column.accessor((row) => row.resolved_at ?? '', {
        id: 'resolved',
        header: t('columns.resolved'),
        size: 130,
        cell: (info) =>
          info.getValue() === '' ? (
            ''
          ) : (
            <span title={formatDate(info.getValue())}>{formatAgo(info.getValue())}</span>
          ),
      }),
      column.accessor((row) => t(`delivery.${row.delivery}`), {
        id: 'delivery',
        header: t('columns.delivery'),
        size: 110,
        cell: (info) => {
          const { delivery, delivery_error: error } = info.row.original;
          const badge = (
            <RowBadge
              color={delivery === 'failed' ? 'red' : delivery === 'sent' ? 'gray' : 'yellow'}
              size="sm"
            >
              {info.getValue()}
            </RowBadge>
          );
          return error === '' ? (
            badge
          ) : (
            <Tooltip label={error} multiline w={280}>
              <span>{badge}</span>
            </Tooltip>
          );
        },
      }),
    ],
    [t],
  );
  return (
    <DataTable
      data={rows}
      query={query}
      columns={columns}
      getRowId={(row) => row.id}
      label={label}
      search={search}
      height={Math.min(60 + rows.length * 40, 420)}
      empty={
        <Text c="dimmed" ta="center" py="md" fz="sm">
          {empty}
        </Text>
      }
    />
  );
}
