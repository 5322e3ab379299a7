import { Text, Tooltip } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
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
    <RowBadge color={latencyColour(value)} size="sm" data-tone={latencyColour(value)}>
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

/** The path in words, as the table shows it: "Direct", "Via relay-1 · failed over", "No path · no answer". */
export const pathText = (t: TFunction<'metrics'>, row: PairRow): string => {
  const label = row.viaName ? t('viaRelay', { name: row.viaName }) : t(`path.${row.path}`);
  return row.reason ? `${label} · ${t(`reason.${row.reason}`)}` : label;
};

/**
 * The pair table's columns. Their accessors are also what CSV and JSON exports hold: reachability as true/false,
 * latency in ms (empty when unknown), the path in words, bytes and the share up as plain numbers.
 */
export const pairColumns = (t: TFunction<'metrics'>) => [
  pair.accessor('fromName', { meta: { isKey: true }, header: t('columns.from') }),
  pair.accessor('toName', { meta: { isKey: true }, header: t('columns.to') }),
  pair.accessor('connected', {
    header: t('columns.connected'),
    size: 120,
    cell: (info) => <Connected value={info.row.original.connected} />,
  }),
  // Unknown latency (the contract's 999) is an empty cell in an export and sorts after every measured one.
  pair.accessor('latency', {
    sortUndefined: 'last',
    header: t('columns.latency'),
    size: 110,
    cell: (info) => <Latency value={info.row.original.latency} />,
  }),
  pair.accessor((row) => pathText(t, row), {
    id: 'path',
    header: t('columns.path'),
    cell: (info) => {
      const row = info.row.original;
      return row.reason ? (
        <Tooltip label={t(`reasonHint.${row.reason}`)}>
          <Text fz="sm" truncate>
            {info.getValue()}
          </Text>
        </Tooltip>
      ) : (
        <Text fz="sm">{info.getValue()}</Text>
      );
    },
  }),
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
];

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
  const columns = useMemo(() => pairColumns(t), [t]);
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
      client.accessor('connected', {
        header: t('columns.connected'),
        cell: (info) => <Connected value={info.row.original.connected} />,
      }),
      client.accessor('percentUp', {
        header: t('columns.uptime'),
        cell: (info) => t('percent', { value: info.getValue() }),
      }),
      client.accessor('latency', {
        sortUndefined: 'last',
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
