import type { PeopleUser } from '@meshdeck/contracts';
import { Button, Group, Menu, Stack, TextInput } from '@mantine/core';
import { IconChevronDown, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useGroups, useUsers } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { userActionRules } from '@/lib/people-rules.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useDeleteUser } from '../api/user-mutations.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { TransferSuperAdminDialog } from './transfer-super-admin-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import { UsersTable } from './users-table.tsx';

export interface UsersTabProps {
  isPro: boolean;
  onInvite: () => void;
}

/** The users table's filter and sort live in the route's URL state beside its `tab` (users-search.ts). */
const routeApi = getRouteApi('/_layout/users');

/** The Users tab: search, reload, create (or invite on Pro) and the users table with its dialogs. */
export function UsersTab({ isPro, onInvite }: UsersTabProps) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const params = routeApi.useSearch();
  const navigateSearch = routeApi.useNavigate();
  const setParams = useCallback(
    (patch: typeof params) => void navigateSearch({ search: patchSearch(patch), replace: true }),
    [navigateSearch],
  );
  const users = useUsers();
  const groups = useGroups(isPro);
  const deleteUser = useDeleteUser();
  const sessionUser = useSession((state) => state.user);
  const caller = useMemo(
    () => ({ username: sessionUser?.username ?? '', platformRoleId: sessionUser?.platformRoleId ?? '' }),
    [sessionUser],
  );
  const groupsById = useMemo(
    () => new Map((groups.data ?? []).map((group) => [group.id, group])),
    [groups.data],
  );
  const [isCreating, setIsCreating] = useState(false);
  const [openUser, setOpenUser] = useState<PeopleUser>();
  const [deleting, setDeleting] = useState<PeopleUser>();
  const [passwordUser, setPasswordUser] = useState<PeopleUser>();
  const [transferTo, setTransferTo] = useState<PeopleUser>();

  // Stable on purpose: the table rebuilds its columns (and remounts open row menus) when a handler changes.
  const handleOpen = useCallback(
    (user: PeopleUser) =>
      user.username === caller.username ? void navigate({ to: paths.profile() }) : setOpenUser(user),
    [caller.username, navigate],
  );

  const editRefusal = openUser ? userActionRules(caller, openUser).edit : null;

  const handleDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(deleting.username, {
      onSuccess: () => notifySuccess(t('users.deleted', { name: deleting.username })),
      onError: (error) => notifyFailure(t('users.deleteFailed'), error),
      onSettled: () => setDeleting(undefined),
    });
  };

  // The caller stops being super admin at once; the session must say so, or the menus would still offer it.
  const handleTransferred = () => {
    if (sessionUser) useSession.setState({ user: { ...sessionUser, platformRoleId: 'admin' } });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={params.search ?? ''}
            onChange={(event) => setParams({ search: event.currentTarget.value })}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void users.refetch()}
          >
            {t('actions.reload')}
          </Button>
        </Group>
        {isPro ? (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
                {t('users.add')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onInvite}>{t('users.inviteUser')}</Menu.Item>
              <Menu.Item onClick={() => setIsCreating(true)}>{t('users.createUser')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
            {t('users.createUser')}
          </Button>
        )}
      </Group>
      <UsersTable
        users={users.data ?? []}
        query={users}
        groups={groupsById}
        caller={caller}
        isPro={isPro}
        search={params.search ?? ''}
        sorting={paramToSorting(params.sort, [{ id: 'username', desc: false }])}
        onSortingChange={(sorting) => setParams({ sort: sortingToParam(sorting) })}
        onOpen={handleOpen}
        onDelete={setDeleting}
        onTransfer={setTransferTo}
        onChangePassword={setPasswordUser}
      />
      {isCreating && (
        <UserDialog
          opened
          isPro={isPro}
          callerRoleId={caller.platformRoleId}
          onClose={() => setIsCreating(false)}
        />
      )}
      {openUser && (
        <UserDialog
          opened
          user={openUser}
          readOnlyReason={editRefusal ? t(editRefusal) : undefined}
          isPro={isPro}
          callerRoleId={caller.platformRoleId}
          onClose={() => setOpenUser(undefined)}
        />
      )}
      <ChangePasswordDialog user={passwordUser} onClose={() => setPasswordUser(undefined)} />
      <TransferSuperAdminDialog
        opened={transferTo !== undefined}
        users={users.data ?? []}
        initialUsername={transferTo?.username}
        onTransferred={handleTransferred}
        onClose={() => setTransferTo(undefined)}
      />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { name: deleting?.username ?? '' })}
        confirmLabel={t('actions.delete')}
        isPending={deleteUser.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
