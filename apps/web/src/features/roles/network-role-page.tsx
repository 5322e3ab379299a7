import { resourcePermissionsOf, remoteAccessGatewayIdsOf, type NetworkRoleInput } from '@meshdeck/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useRole } from '@/lib/api/people-queries.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { paths } from '@/lib/paths.ts';
import { useCreateNetworkRole, useDeleteRole, useUpdateNetworkRole } from './api/role-mutations.ts';
import { NetworkRoleForm } from './components/network-role-form.tsx';
import { roleName } from '@/lib/role-name.ts';

const emptyRole: NetworkRoleInput = {
  id: '',
  name: '',
  description: '',
  networkId: '',
  hasFullAccess: false,
  remoteAccessGatewayIds: [],
  permissions: {},
};

const BackLink = () => {
  const { t } = useTranslation('people');
  return (
    <Anchor component={Link} to={paths.users()} size="sm">
      {t('common.backToUsers')}
    </Anchor>
  );
};

/** /users/create-network-role (features §3.24). */
export function CreateNetworkRolePage() {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const create = useCreateNetworkRole();
  return (
    <Stack>
      <BackLink />
      <Title order={1}>{t('roles.createTitle')}</Title>
      <NetworkRoleForm
        initial={emptyRole}
        isEdit={false}
        isReadOnly={false}
        isPending={create.isPending}
        error={create.error}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: () => {
              notifySuccess(t('roles.created', { name: input.name }));
              void navigate({ href: paths.users({ tab: 'roles' }) });
            },
          })
        }
      />
    </Stack>
  );
}

/** /users/network-role/{roleId}: the same form, read-only for default roles, plus delete. */
export function NetworkRolePage({ roleId }: { roleId: string }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const role = useRole(roleId);
  const update = useUpdateNetworkRole();
  const remove = useDeleteRole();
  const [isDeleting, setIsDeleting] = useState(false);

  if (role.isPending) return <CenteredLoader />;
  if (role.isError) return <LoadError error={role.error} onRetry={role.refetch} />;
  const data = role.data;
  const initial: NetworkRoleInput = {
    id: data.id,
    name: data.name,
    description: data.description,
    networkId: data.networkId,
    hasFullAccess: data.hasFullAccess,
    remoteAccessGatewayIds: remoteAccessGatewayIdsOf(data),
    permissions: resourcePermissionsOf(data),
  };

  return (
    <Stack>
      <BackLink />
      <Group justify="space-between">
        <Group>
          <Title order={1}>{roleName(t, data)}</Title>
          {data.isDefault && <Badge variant="light">{t('common.default')}</Badge>}
        </Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={data.isDefault}
          title={data.isDefault ? t('roles.defaultReadOnly') : undefined}
          onClick={() => setIsDeleting(true)}
        >
          {t('actions.delete')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('common.id')}: {data.id}
      </Text>
      {data.isDefault && <Alert color="blue">{t('roles.defaultReadOnly')}</Alert>}
      <NetworkRoleForm
        initial={initial}
        isEdit
        isReadOnly={data.isDefault}
        isPending={update.isPending}
        error={update.error}
        onSubmit={(input) =>
          update.mutate(input, { onSuccess: () => notifySuccess(t('roles.updated', { name: input.name })) })
        }
      />
      <ConfirmDialog
        opened={isDeleting}
        title={t('roles.deleteTitle')}
        message={t('roles.deleteMessage', { name: data.name })}
        confirmLabel={t('actions.delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              notifySuccess(t('roles.deleted', { name: data.name }));
              void navigate({ href: paths.users({ tab: 'roles' }) });
            },
            onError: (error) => notifyFailure(t('roles.deleteFailed'), error),
            onSettled: () => setIsDeleting(false),
          })
        }
        onClose={() => setIsDeleting(false)}
      />
    </Stack>
  );
}
