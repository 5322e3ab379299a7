import { groupName } from '@/lib/group-name.ts';
import type { GroupInput } from '@meshdeck/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useGroup, useUsers } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { paths } from '@/lib/paths.ts';
import { useCreateGroup, useDeleteGroup, useUpdateGroup } from './api/group-mutations.ts';
import { GroupForm } from './components/group-form.tsx';

const emptyGroup: GroupInput = { id: '', name: '', description: '', networkRoles: {}, members: [] };

const BackLink = () => {
  const { t } = useTranslation('people');
  return (
    <Anchor component={Link} to={paths.users({ tab: 'groups' })} size="sm">
      {t('common.backToGroups')}
    </Anchor>
  );
};

/** /users/create-group: the group and its members go in one request (features §3.23). */
export function CreateGroupPage() {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <Stack>
      <BackLink />
      <Title order={1}>{t('groupForm.createTitle')}</Title>
      <GroupForm
        initial={emptyGroup}
        isEdit={false}
        isReadOnly={false}
        isPending={create.isPending}
        error={create.error}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: () => {
              notifySuccess(t('groupForm.created', { name: input.name }));
              void navigate({ to: paths.users({ tab: 'groups' }) });
            },
          })
        }
      />
    </Stack>
  );
}

/** /users/group/{groupId}: the same form with the id shown; default groups are read-only and undeletable. */
export function GroupPage({ groupId }: { groupId: string }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const group = useGroup(groupId);
  const users = useUsers();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [isDeleting, setIsDeleting] = useState(false);

  if (group.isPending || users.isPending) return <CenteredLoader />;
  if (group.isError) return <LoadError error={group.error} onRetry={group.refetch} />;
  const data = group.data;
  const initial: GroupInput = {
    id: data.id,
    name: data.name,
    description: data.description,
    networkRoles: data.networkRoles,
    members: (users.data ?? [])
      .filter((user) => user.groupIds.includes(data.id))
      .map((user) => user.username),
  };

  return (
    <Stack>
      <BackLink />
      <Group justify="space-between">
        <Group>
          <Title order={1}>{groupName(t, data)}</Title>
          {data.isDefault && <Badge variant="light">{t('common.default')}</Badge>}
        </Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={data.isDefault}
          onClick={() => setIsDeleting(true)}
        >
          {t('actions.delete')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('common.id')}: {data.id}
      </Text>
      {data.isDefault && <Alert color="blue">{t('groups.defaultReadOnly')}</Alert>}
      <GroupForm
        initial={initial}
        isEdit
        isReadOnly={data.isDefault}
        isPending={update.isPending}
        error={update.error}
        onSubmit={(input) =>
          update.mutate(input, {
            onSuccess: () => notifySuccess(t('groupForm.updated', { name: input.name })),
          })
        }
      />
      <ConfirmDialog
        opened={isDeleting}
        title={t('groups.deleteTitle')}
        message={t('groups.deleteMessage', { name: data.name })}
        confirmLabel={t('actions.delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              notifySuccess(t('groups.deleted', { name: data.name }));
              void navigate({ to: paths.users({ tab: 'groups' }) });
            },
            onError: (error) => notifyFailure(t('groups.deleteFailed'), error),
            onSettled: () => setIsDeleting(false),
          })
        }
        onClose={() => setIsDeleting(false)}
      />
    </Stack>
  );
}
