import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import type { DnsRow } from '../api/dns.ts';
import { LIST_HEIGHT } from '@/lib/constants.ts';

const column = createColumnHelper<DnsRow>();

export interface DnsTableProps {
  rows: readonly DnsRow[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  search: string;
  /** Delete is offered only when given (the caller's `dns` delete scope, decision 053). */
  onDelete?: ((row: DnsRow) => void) | undefined;
}

/** The DNS table (checklist §3.19): entry and addresses, each copyable, the kind, and delete for custom entries. */
export function DnsTable({ rows, query, search, onDelete }: DnsTableProps) {
  const { t } = useTranslation('access');
  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('dns.columns.name'),
        cell: (info) => (
          <Group gap={4} wrap="nowrap">
            <Text fz="sm" truncate>
              {info.getValue()}
            </Text>
            <CopyButton value={info.getValue()} label={t('dns.copyName', { name: info.getValue() })} />
          </Group>
        ),
      }),
      column.accessor((row) => [row.address, row.address6].filter(Boolean).join(' '), {
        id: 'addresses',
        meta: { isKey: true },
        header: t('dns.columns.addresses'),
        cell: (info) => (
          <Group gap={8} wrap="nowrap">
            {[info.row.original.address, info.row.original.address6]
              .filter((a) => a !== '')
              .map((address) => (
                <Group key={address} gap={2} wrap="nowrap">
                  <Text fz="sm">{address}</Text>
                  <CopyButton value={address} label={t('dns.copyAddress', { address })} />
                </Group>
              ))}
          </Group>
        ),
      }),
      column.accessor(
        (row) => (row.isAutomatic ? t('dns.automatic') : row.invalid ? t('dns.notSent') : t('dns.custom')),
        {
          id: 'kind',
          header: t('dns.columns.kind'),
          size: 120,
          cell: (info) => {
            const { isAutomatic, invalid } = info.row.original;
            // An entry stored before the rules of decision 048 that breaks them: kept, shown, never sent to hosts.
            if (invalid)
              return (
                <Tooltip label={t('dns.notSentHint', { reason: invalid })} multiline w={280}>
                  <RowBadge color="red" size="sm">
                    {info.getValue()}
                  </RowBadge>
                </Tooltip>
              );
            return (
              <RowBadge color={isAutomatic ? 'gray' : 'blue'} size="sm">
                {info.getValue()}
              </RowBadge>
            );
          },
        },
      ),
      ...(onDelete
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => {
                const button = (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={info.row.original.isAutomatic}
                    aria-label={t('dns.deleteFor', { name: info.row.original.name })}
                    onClick={() => onDelete(info.row.original)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                );
                return info.row.original.isAutomatic ? (
                  <Tooltip label={t('dns.automaticHint')}>
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  button
                );
              },
            }),
          ]
        : []),
    ],
    [t, onDelete],
  );
  return (
    <DataTable
      data={rows}
      query={query}
      columns={columns}
      getRowId={(row) => row.name}
      label={t('dns.tableLabel')}
      search={search}
      height={LIST_HEIGHT}
      empty={
        <Text c="dimmed" ta="center" py="xl" fz="sm">
          {t('dns.empty')}
        </Text>
      }
    />
  );
}
