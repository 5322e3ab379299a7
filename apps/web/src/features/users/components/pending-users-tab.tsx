import type { PeopleUser } from '@meshdeck/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { usePendingUsers } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useDenyAllPending, useDenyPending } from '../api/user-mutations.ts';
import { ApprovePendingDialog } from './approve-pending-dialog.tsx';

const column = createColumnHelper<PeopleUser>();

/** Users who signed in through SSO without an invite, waiting for an admin (features §3.22). */
export function PendingUsersTab() {
  const { t } = useTranslation('people');
  const pending = usePendingUsers();
  const [approving, setApproving] = useState<string>();
  const deny = useDenyPending();
  const denyAll = useDenyAllPending();
  const [search, setSearch] = useState('');
  const [isDenyingAll, setIsDenyingAll] = useState(false);

  const columns = useMemo(
    () => [
      column.accessor('username', { header: t('columns.username') }),
      column.display({
        id: 'actions',
        header: '',
        cell: (info) => {
          const name = info.row.original.username;
          return (
            <Group gap="xs" justify="flex-end">
              <Button
                size="xs"
                aria-label={t('pending.approveUser', { name })}
                onClick={() => setApproving(name)}
              >
                {t('pending.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                aria-label={t('pending.denyUser', { name })}
                onClick={() =>
                  deny.mutate(name, {
                    onSuccess: () => notifySuccess(t('pending.denied', { name })),
                    onError: (error) => notifyFailure(t('pending.denyFailed'), error),
                  })
                }
              >
                {t('pending.deny')}
              </Button>
            </Group>
          );
        },
      }),
    ],
    [t, deny],
  );

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('pending.explain')}
      </Text>
      <Group justify="space-between">
        <Group>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('pending.search')}
            aria-label={t('pending.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void pending.refetch()}
          >
            {t('actions.reload')}
          </Button>
        </Group>
        <Button
          color="red"
          disabled={(pending.data ?? []).length === 0}
          onClick={() => setIsDenyingAll(true)}
        >
          {t('pending.denyAll')}
        </Button>
      </Group>
      <DataTable
        data={pending.data ?? []}
        query={pending}
        columns={columns}
        getRowId={(user) => user.username}
        label={t('pending.tableLabel')}
        search={search}
        height="50vh"
        empty={<Text c="dimmed">{t('pending.empty')}</Text>}
      />
      <ApprovePendingDialog username={approving} onClose={() => setApproving(undefined)} />
      <ConfirmDialog
        opened={isDenyingAll}
        title={t('pending.denyAllTitle')}
        message={t('pending.denyAllMessage')}
        confirmLabel={t('pending.denyAll')}
        isPending={denyAll.isPending}
        onConfirm={() =>
          denyAll.mutate(undefined, {
            onSuccess: () => notifySuccess(t('pending.deniedAll')),
            onError: (error) => notifyFailure(t('pending.denyFailed'), error),
            onSettled: () => setIsDenyingAll(false),
          })
        }
        onClose={() => setIsDenyingAll(false)}
      />
    </Stack>
  );
}
