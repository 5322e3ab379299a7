import { Text, Tooltip } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { LIST_HEIGHT } from '@/lib/constants.ts';
import { formatBytes, formatUptime } from '@/lib/format.ts';
import { latencyColour, type ClientRow, type PairRow } from '../metrics-rows.ts';

const pair = createColumnHelper<PairRow>();
const client = createColumnHelper<ClientRow>();

function Latency({ value }: { value: number | undefined }) {
  const { t } = useTranslation('metrics');
  return (
    <RowBadge color={latencyColour(value)} size="sm">
      {value === undefined ? t('unknown') : t('ms', { value: Math.round(value) })}
    </RowBadge>
  );
}

function Connected({ value }: { value: boolean }) {
  const { t } = useTranslation('metrics');
  return (
    <RowBadge color={value ? 'green' : 'red'} size="sm">
      {value ? t('reachable') : t('unreachable')}
    </RowBadge>
  );
}

export interface PairsTableProps {
  rows: readonly PairRow[];
  /** The metrics read: the table shows loading and failure apart from an empty network. */
  query: TableQuery;
  search: string;
  empty: string;
}

/**
 * Every measured direction of every pair (issue 41): reachable or not, latency coloured as spec §4 says, the path
 * and why it is not direct, bytes each way, uptime. One virtualised list rather than the reference's N x N matrix,
 * so 500 x 500 pairs scroll like any list and a problem is one search away.
 */
export function PairsTable({ rows, query, search, empty }: PairsTableProps) {
  const { t } = useTranslation('metrics');
  const columns = useMemo(
    () => [
      pair.accessor('fromName', { meta: { isKey: true }, header: t('columns.from') }),
      pair.accessor('toName', { meta: { isKey: true }, header: t('columns.to') }),
      pair.accessor((row) => (row.connected ? 1 : 0), {
        id: 'connected',
        header: t('columns.connected'),
        size: 120,
        cell: (info) => <Connected value={info.row.original.connected} />,
      }),
      pair.accessor((row) => row.latency ?? Number.MAX_SAFE_INTEGER, {
        id: 'latency',
        header: t('columns.latency'),
        size: 110,
        cell: (info) => <Latency value={info.row.original.latency} />,
      }),
      pair.accessor(
        (row) =>
          `${t(`path.${row.path}`)} ${row.viaName ?? ''} ${row.reason ? t(`reason.${row.reason}`) : ''}`,
        {
          id: 'path',
          header: t('columns.path'),
          cell: (info) => {
            const row = info.row.original;
            const label = row.viaName ? t('viaRelay', { name: row.viaName }) : t(`path.${row.path}`);
            return row.reason ? (
              <Tooltip label={t(`reasonHint.${row.reason}`)}>
                <Text fz="sm" truncate>
                  {label} · {t(`reason.${row.reason}`)}
                </Text>
              </Tooltip>
            ) : (
              <Text fz="sm">{label}</Text>
            );
          },
        },
      ),
      pair.accessor('sent', {
        header: t('columns.sent'),
        size: 110,
        cell: (info) => formatBytes(info.getValue()),
      }),
      pair.accessor('received', {
        header: t('columns.received'),
        size: 110,
        cell: (info) => formatBytes(info.getValue()),
      }),
      pair.accessor('percentUp', {
        header: t('columns.uptime'),
        size: 170,
        cell: (info) => (
          <Text fz="sm">
            {t('percent', { value: info.getValue() })} · {formatUptime(info.row.original.upMinutes)}
          </Text>
        ),
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
      label={t('pairsLabel')}
      search={search}
      height={LIST_HEIGHT}
      isExportable
      empty={
        <Text c="dimmed" ta="center" py="xl" fz="sm">
          {empty}
        </Text>
      }
    />
  );
}

/** The clients view (checklist §3.20): name, connected, uptime, latency, total sent and received. */
export function ClientsTable({
  rows,
  query,
  search,
  empty,
}: {
  rows: readonly ClientRow[];
  query: TableQuery;
  search: string;
  empty: string;
}) {
  const { t } = useTranslation('metrics');
  const columns = useMemo(
    () => [
      client.accessor('name', { meta: { isKey: true }, header: t('columns.client') }),
      client.accessor((row) => (row.connected ? 1 : 0), {
        id: 'connected',
        header: t('columns.connected'),
        cell: (info) => <Connected value={info.row.original.connected} />,
      }),
      client.accessor('percentUp', {
        header: t('columns.uptime'),
        cell: (info) => t('percent', { value: info.getValue() }),
      }),
      client.accessor((row) => row.latency ?? Number.MAX_SAFE_INTEGER, {
        id: 'latency',
        header: t('columns.latency'),
        cell: (info) => <Latency value={info.row.original.latency} />,
      }),
      client.accessor('sent', { header: t('columns.sent'), cell: (info) => formatBytes(info.getValue()) }),
      client.accessor('received', {
        header: t('columns.received'),
        cell: (info) => formatBytes(info.getValue()),
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
      label={t('clientsLabel')}
      search={search}
      height={LIST_HEIGHT}
      isExportable
      empty={
        <Text c="dimmed" ta="center" py="xl" fz="sm">
          {empty}
        </Text>
      }
    />
  );
}
