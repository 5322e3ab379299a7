import { groupName } from '@/lib/group-name.ts';
import type { PeopleGroup } from '@meshdeck/contracts';
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useGroups, useUsers } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { paths } from '@/lib/paths.ts';
import { useDeleteGroup } from './api/group-mutations.ts';

interface GroupRow extends PeopleGroup {
  memberCount: number;
}

const column = createColumnHelper<GroupRow>();

/** The Groups tab of /users: name, description, member count and delete (default groups cannot be deleted). */
export function GroupsTab() {
  const { t } = useTranslation('people');
  const groups = useGroups();
  const users = useUsers();
  const remove = useDeleteGroup();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<PeopleGroup>();

  const rows = useMemo(() => {
    const counts = new Map<string, number>();
    for (const user of users.data ?? [])
      for (const id of user.groupIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    return (groups.data ?? []).map((group) => ({ ...group, memberCount: counts.get(group.id) ?? 0 }));
  }, [groups.data, users.data]);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('columns.name'),
        cell: (info) => (
          <Tooltip label={info.row.original.description} disabled={!info.row.original.description}>
            <Anchor component={Link} to={paths.group(info.row.original.id)} size="sm" fw={500}>
              {groupName(t, info.row.original)}
            </Anchor>
          </Tooltip>
        ),
      }),
      column.accessor('description', { header: t('columns.description') }),
      column.accessor('memberCount', { header: t('columns.members') }),
      column.display({
        id: 'actions',
        header: '',
        size: 60,
        cell: (info) => {
          const group = info.row.original;
          const label = group.isDefault ? t('groups.defaultUndeletable') : t('actions.delete');
          return (
            <Tooltip label={label}>
              <ActionIcon
                color="red"
                variant="subtle"
                disabled={group.isDefault}
                aria-label={t('groups.deleteFor', { name: group.name })}
                onClick={() => setDeleting(group)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          );
        },
      }),
    ],
    [t],
  );

  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('groups.search')}
          aria-label={t('groups.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Group>
          <Button
            component={Link}
            to={paths.createNetworkRole()}
            variant="default"
            leftSection={<IconPlus size={16} />}
          >
            {t('roles.createTitle')}
          </Button>
          <Button component={Link} to={paths.createGroup()} leftSection={<IconPlus size={16} />}>
            {t('groups.create')}
          </Button>
        </Group>
      </Group>
      <DataTable
        data={rows}
        query={groups}
        columns={columns}
        getRowId={(group) => group.id}
        label={t('groups.tableLabel')}
        search={search}
        height="50vh"
        empty={<Text c="dimmed">{t('groups.empty')}</Text>}
      />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('groups.deleteTitle')}
        message={t('groups.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => notifySuccess(t('groups.deleted', { name: deleting.name })),
            onError: (error) => notifyFailure(t('groups.deleteFailed'), error),
            onSettled: () => setDeleting(undefined),
          });
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
