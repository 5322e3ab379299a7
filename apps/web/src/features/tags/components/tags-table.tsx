import type { TagListItem } from '@meshdeck/contracts';
import { Menu, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { RowActionMenu } from '@/components/data-table/row-action-menu.tsx';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { LIST_HEIGHT } from '@/lib/constants.ts';

const column = createColumnHelper<TagListItem>();

export interface TagsTableProps {
  tags: readonly TagListItem[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  search: string;
  /** Member names by node id (clients are named by their id). */
  names: ReadonlyMap<string, string>;
  /** Edit and delete are offered only when given: each follows the caller's own scope (decision 053). */
  onEdit?: ((tag: TagListItem) => void) | undefined;
  onDelete?: ((tag: TagListItem) => void) | undefined;
}

/** The tags table (checklist §3.18): name, its devices (listed on hover), how many policies use it, who made it. */
export function TagsTable({ tags, query, search, names, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation('access');
  const columns = useMemo(
    () => [
      column.accessor('tag_name', { meta: { isKey: true }, header: t('tags.columns.name') }),
      column.accessor((row) => row.tagged_nodes.length, {
        id: 'members',
        meta: { isKey: true },
        header: t('tags.columns.members'),
        cell: (info) => (
          <Tooltip
            multiline
            w={260}
            disabled={info.getValue() === 0}
            label={info.row.original.tagged_nodes.map((n) => names.get(n.id) ?? n.id).join(', ')}
          >
            <RowBadge size="sm">{info.getValue()}</RowBadge>
          </Tooltip>
        ),
      }),
      column.accessor('used_by_count', {
        header: t('tags.columns.usedBy'),
        cell: (info) => <Text fz="sm">{t('tags.usedBy', { count: info.getValue() })}</Text>,
      }),
      column.accessor('created_by', { header: t('tags.columns.createdBy') }),
      ...(onEdit || onDelete
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => (
                <RowActionMenu label={t('tags.actionsFor', { name: info.row.original.tag_name })}>
                  {onEdit && (
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => onEdit(info.row.original)}
                    >
                      {t('tags.edit')}
                    </Menu.Item>
                  )}
                  {onDelete && (
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      disabled={info.row.original.used_by_count > 0}
                      title={info.row.original.used_by_count > 0 ? t('tags.deleteInUse') : undefined}
                      onClick={() => onDelete(info.row.original)}
                    >
                      {t('tags.delete')}
                    </Menu.Item>
                  )}
                </RowActionMenu>
              ),
            }),
          ]
        : []),
    ],
    [t, names, onEdit, onDelete],
  );
  return (
    <DataTable
      data={tags}
      query={query}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('tags.tableLabel')}
      search={search}
      height={LIST_HEIGHT}
      empty={
        <Text c="dimmed" ta="center" py="xl" fz="sm">
          {t('tags.empty')}
        </Text>
      }
    />
  );
}
