import type { AlertRule } from '@meshdeck/contracts';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';

const column = createColumnHelper<AlertRule>();

export interface RuleActions {
  onEdit: (rule: AlertRule) => void;
  onTest: (rule: AlertRule) => void;
  onRotate: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
}

/** The network's alert rules: what each watches, for how long, where it sends, and whether it fires now. */
export function RulesTable({
  rows,
  query,
  search,
  nodeName,
  actions,
}: {
  rows: readonly AlertRule[];
  query: TableQuery;
  search: string;
  nodeName: (id: string) => string;
  /** Given to those who manage the network. */
  actions: RuleActions | undefined;
}) {
  const { t } = useTranslation('alerts');
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('columns.name'),
        meta: { isKey: true },
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <Text fz="sm" truncate>
              {info.getValue()}
            </Text>
            {!info.row.original.enabled && (
              <RowBadge color="gray" size="sm">
                {t('disabled')}
              </RowBadge>
            )}
          </Group>
        ),
      }),
      column.accessor(
        (row) =>
          row.kind === 'latency_high'
            ? t('kindWithThreshold', { kind: t(`kinds.${row.kind}`), ms: row.latency_ms })
            : t(`kinds.${row.kind}`),
        { id: 'kind', header: t('columns.kind'), size: 200 },
      ),
      column.accessor((row) => (row.node_id === '' ? t('allNodes') : nodeName(row.node_id)), {
        id: 'scope',
        header: t('columns.scope'),
        size: 140,
      }),
      column.accessor((row) => t('timing', { hold: row.for_seconds, cooldown: row.cooldown_seconds }), {
        id: 'timing',
        header: t('columns.timing'),
        size: 170,
      }),
      column.accessor((row) => [row.webhook_url, ...row.email_to].filter(Boolean).join(', '), {
        id: 'destinations',
        header: t('columns.destinations'),
        size: 260,
        cell: (info) => (
          <Text fz="sm" truncate title={info.getValue()}>
            {info.getValue()}
          </Text>
        ),
      }),
      column.accessor('firing', {
        header: t('columns.firing'),
        size: 90,
        cell: (info) =>
          info.getValue() > 0 ? (
            <RowBadge color="red" size="sm">
              {t('firingCount', { count: info.getValue() })}
            </RowBadge>
          ) : (
            <RowBadge color="green" size="sm">
              {t('ok')}
            </RowBadge>
          ),
      }),
      ...(actions
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 150,
              cell: (info) => {
                const rule = info.row.original;
                const button = (
                  label: string,
                  icon: React.ReactNode,
                  onClick: (rule: AlertRule) => void,
                  color?: string,
                ) => (
                  <Tooltip label={label}>
                    <ActionIcon
                      variant="subtle"
                      color={color}
                      aria-label={label}
                      onClick={() => onClick(rule)}
                    >
                      {icon}
                    </ActionIcon>
                  </Tooltip>
                );
                return (
                  <Group gap={2} wrap="nowrap">
                    {button(t('editFor', { name: rule.name }), <IconPencil size={16} />, actions.onEdit)}
                    {button(t('testFor', { name: rule.name }), <IconSend size={16} />, actions.onTest)}
                    {button(t('rotateFor', { name: rule.name }), <IconKey size={16} />, actions.onRotate)}
                    {button(
                      t('deleteFor', { name: rule.name }),
                      <IconTrash size={16} />,
                      actions.onDelete,
                      'red',
                    )}
                  </Group>
                );
              },
            }),
          ]
        : []),
    ],
    [t, actions, nodeName],
  );
  return (
    <DataTable
      data={rows}
      query={query}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('rulesLabel')}
      search={search}
      height={Math.min(60 + rows.length * 40, 420)}
      empty={
        <Text c="dimmed" ta="center" py="md" fz="sm">
          {t('noRules')}
        </Text>
      }
    />
  );
}
