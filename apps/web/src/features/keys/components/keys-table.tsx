import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { keyStatus } from './key-status.ts';
import { KeyStatusBadge, KeyTypeText } from './key-type-text.tsx';

const column = createColumnHelper<EnrollmentKeyItem>();

export interface KeysTableProps {
  keys: readonly EnrollmentKeyItem[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  relayNames: ReadonlyMap<string, string>;
  search: string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  onOpen: (key: EnrollmentKeyItem) => void;
  onEdit: (key: EnrollmentKeyItem) => void;
  onDelete: (key: EnrollmentKeyItem) => void;
  /** Hides the edit and delete menu (a viewer whose changes the server would refuse). */
  isReadOnly?: boolean;
}

/** Enrollment keys: name and tags, type, networks, relay, status and row actions (features §3.21). */
export function KeysTable(props: KeysTableProps) {
  const { t } = useTranslation('keys');
  const { relayNames, onEdit, onDelete, isReadOnly } = props;
  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('columns.name'),
        cell: (info) => (
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={500}>
              {info.getValue()}
            </Text>
            {info.row.original.groups.map((group) => (
              <Badge key={group} size="xs" variant="outline">
                {group}
              </Badge>
            ))}
          </Group>
        ),
      }),
      column.accessor('kind', {
        header: t('columns.type'),
        cell: (info) => <KeyTypeText keyItem={info.row.original} />,
      }),
      column.accessor((key) => key.networks.join(', '), { id: 'networks', header: t('columns.networks') }),
      column.accessor(
        (key) => (key.relayNodeId ? (relayNames.get(key.relayNodeId) ?? key.relayNodeId) : ''),
        { id: 'relay', header: t('columns.relay') },
      ),
      column.accessor((key) => keyStatus(key), {
        id: 'status',
        meta: { isKey: true },
        header: t('columns.status'),
        cell: (info) => <KeyStatusBadge keyItem={info.row.original} />,
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 60,
        cell: (info) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t('actionsFor', { name: info.row.original.name })}
                onClick={(event) => event.stopPropagation()}
              >
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(info.row.original)}>
                {t('edit')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={info.row.original.isDefault}
                onClick={() => onDelete(info.row.original)}
              >
                {t('delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
      }),
    ],
    [t, relayNames, onEdit, onDelete],
  );
  const shown = useMemo(
    () => (isReadOnly ? columns.filter((item) => item.id !== 'actions') : columns),
    [columns, isReadOnly],
  );
  return (
    <DataTable
      data={props.keys}
      query={props.query}
      columns={shown}
      getRowId={(key) => key.value}
      label={t('tableLabel')}
      search={props.search}
      sorting={props.sorting}
      onSortingChange={props.onSortingChange}
      onRowClick={props.onOpen}
    />
  );
}
