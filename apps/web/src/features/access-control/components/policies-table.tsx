import type { Acl, AclRef } from '@meshdeck/contracts';
import { Group, Menu, Switch, Text } from '@mantine/core';
import { IconArrowNarrowRight, IconArrowsLeftRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowActionMenu } from '@/components/data-table/row-action-menu.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import type { NetworkWrites } from '@/lib/permissions.ts';
import { policyName } from '../policy-name.ts';

const column = createColumnHelper<Acl>();

export interface PoliciesTableProps {
  policies: readonly Acl[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  /** Every policy of the network, before the page's type filter. */
  totalCount: number;
  search: string;
  /** What the caller may send (decision 053): the switch and Edit update a policy, Delete deletes it. */
  writes: NetworkWrites;
  onEdit: (policy: Acl) => void;
  onDelete: (policy: Acl) => void;
  onToggle: (policy: Acl) => void;
}

const REF_COLORS: Record<string, string> = {
  tag: 'blue',
  device: 'grape',
  user: 'teal',
  'user-group': 'cyan',
};

function RefChips({ refs }: { refs: readonly AclRef[] }) {
  const { t } = useTranslation('access');
  return (
    <Group gap={4}>
      {refs.map((ref) => (
        <RowBadge key={`${ref.id}|${ref.value}`} color={REF_COLORS[ref.id] ?? 'gray'} size="sm">
          {ref.value === '*'
            ? t(`options.star.${ref.id === 'user' || ref.id === 'user-group' ? ref.id : 'tag'}`)
            : ref.name}
        </RowBadge>
      ))}
    </Group>
  );
}

/** The policies table (checklist §3.16): name, type chip, sources, direction, destinations, active switch, menu. */
export function PoliciesTable({
  policies,
  query,
  totalCount,
  search,
  writes,
  onEdit,
  onDelete,
  onToggle,
}: PoliciesTableProps) {
  const { t } = useTranslation('access');
  const columns = useMemo(
    () => [
      // Default policies in the active language (policy-name.ts); search and sort read the name shown.
      column.accessor((row) => policyName(t, row), {
        id: 'name',
        meta: { isKey: true },
        header: t('policies.columns.name'),
      }),
      column.accessor('policy_type', {
        header: t('policies.columns.type'),
        cell: (info) => (
          <RowBadge color={info.getValue() === 'user-policy' ? 'teal' : 'blue'} variant="outline" size="sm">
            {t(info.getValue() === 'user-policy' ? 'types.user-policy' : 'types.device-policy')}
          </RowBadge>
        ),
      }),
      column.accessor((row) => row.src_type.map((r) => r.name).join(' '), {
        id: 'sources',
        header: t('policies.columns.sources'),
        cell: (info) => <RefChips refs={info.row.original.src_type} />,
      }),
      column.display({
        id: 'direction',
        header: t('policies.columns.direction'),
        size: 90,
        cell: (info) =>
          info.row.original.allowed_traffic_direction === 0 ? (
            <IconArrowNarrowRight size={18} aria-label={t('policies.oneWay')} />
          ) : (
            <IconArrowsLeftRight size={18} aria-label={t('policies.twoWay')} />
          ),
      }),
      column.accessor((row) => row.dst_type.map((r) => r.name).join(' '), {
        id: 'destinations',
        header: t('policies.columns.destinations'),
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <RefChips refs={info.row.original.dst_type} />
            {info.row.original.ports.length > 0 && (
              <Text fz="xs" c="dimmed">
                {`${info.row.original.protocol}/${info.row.original.ports.join(',')}`}
              </Text>
            )}
          </Group>
        ),
      }),
      column.accessor('enabled', {
        meta: { isKey: true },
        header: t('policies.columns.active'),
        size: 90,
        cell: (info) => (
          <Switch
            aria-label={t('policies.activeFor', { name: policyName(t, info.row.original) })}
            checked={info.getValue()}
            disabled={!writes.canUpdate}
            onChange={() => onToggle(info.row.original)}
          />
        ),
      }),
      ...(writes.canUpdate || writes.canDelete
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => (
                <RowActionMenu label={t('policies.actionsFor', { name: policyName(t, info.row.original) })}>
                  {writes.canUpdate && (
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      disabled={info.row.original.default}
                      onClick={() => onEdit(info.row.original)}
                    >
                      {t('policies.edit')}
                    </Menu.Item>
                  )}
                  {writes.canDelete && (
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      disabled={info.row.original.default}
                      onClick={() => onDelete(info.row.original)}
                    >
                      {t('policies.delete')}
                    </Menu.Item>
                  )}
                </RowActionMenu>
              ),
            }),
          ]
        : []),
    ],
    [t, writes, onEdit, onDelete, onToggle],
  );
  return (
    <DataTable
      data={policies}
      query={query}
      totalCount={totalCount}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('policies.tableLabel')}
      search={search}
      height="calc(100dvh - 380px)"
      empty={
        <Text c="dimmed" ta="center" py="xl" fz="sm">
          {t('policies.empty')}
        </Text>
      }
    />
  );
}
