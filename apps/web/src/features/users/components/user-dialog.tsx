import { newPasswordError, newPasswordRules } from '@/lib/new-password-rules.ts';
import {
  USERNAME_MIN_LENGTH,
  isPlatformAdminRole,
  usernameSchema,
  type PeopleUser,
} from '@meshdeck/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { groupName } from '@/lib/group-name.ts';
import { NetworkRolesField } from '@/features/roles/roles.public.ts';
import { platformRoleLabel } from '@/features/roles/roles.public.ts';
import { useGroups, useRoles } from '@/lib/api/people-queries.ts';
import { checkField } from '@/lib/check-field.ts';
import { describeError } from '@/lib/error-message.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { assignablePlatformRoles } from '@/lib/people-rules.ts';
import { useCreateUser, useUpdateUser } from '../api/user-mutations.ts';

export interface UserDialogProps {
  opened: boolean;
  /** The user to edit; absent when creating. */
  user?: PeopleUser;
  isPro: boolean;
  callerRoleId: string;
  /** Why the caller may only look (e.g. an admin opening another admin); absent when editing is allowed. */
  readOnlyReason?: string;
  onClose: () => void;
}

/**
 * Create a user, or the user-details dialog when `user` is given (features §3.22). Community servers make
 * every user an admin, so the role, groups and network roles appear only on Pro.
 */
export function UserDialog({ opened, user, isPro, callerRoleId, readOnlyReason, onClose }: UserDialogProps) {
  const isReadOnly = readOnlyReason !== undefined;
  const { t } = useTranslation('people');
  const isEdit = user !== undefined;
  const platformRoles = useRoles('platform', isPro && opened);
  const networkRoles = useRoles('network', isPro && opened);
  const groups = useGroups(isPro && opened);
  const { data: networks } = useNetworks();
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = isEdit ? update : create;

  const form = useForm({
    initialValues: {
      username: user?.username ?? '',
      password: '',
      confirmPassword: '',
      platformRoleId: user?.platformRoleId ?? (isPro ? 'service-user' : 'admin'),
      groupIds: user?.groupIds ?? [],
      networkRoles: user?.networkRoles ?? {},
    },
    validate: {
      username: (value) =>
        isEdit
          ? null
          : checkField(usernameSchema, value, {
              tooShort: t('form.usernameTooShort', { count: USERNAME_MIN_LENGTH }),
              invalid: t('form.usernameInvalid'),
            }),
      password: (value) => ((isEdit && value === '') || user?.isOAuth ? null : newPasswordError(t, value)),
      confirmPassword: newPasswordRules(t).confirmPassword,
    },
  });

  const roleIds = (platformRoles.data ?? []).map((role) => role.id);
  const roleOptions = assignablePlatformRoles(callerRoleId, roleIds).map((id) => ({
    value: id,
    label: platformRoleLabel(t, id, platformRoles.data?.find((role) => role.id === id)?.name),
  }));
  // The current role stays listed even when the caller could not grant it, so the select never shows blank.
  if (user && !roleOptions.some((option) => option.value === user.platformRoleId))
    roleOptions.unshift({ value: user.platformRoleId, label: platformRoleLabel(t, user.platformRoleId) });
  // The super admin's role changes only through a transfer.
  const isRoleLocked = isEdit && user.platformRoleId === 'super-admin';

  const handleClose = () => {
    form.reset();
    mutation.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    const input = {
      username: values.username.trim(),
      password: values.password,
      platformRoleId: isPro ? values.platformRoleId : 'admin',
      groupIds: isPro ? values.groupIds : [],
      networkRoles: isPro ? values.networkRoles : {},
    };
    mutation.mutate(input, {
      onSuccess: () => {
        notifySuccess(
          isEdit
            ? t('users.updated', { name: input.username })
            : t('users.created', { name: input.username }),
        );
        handleClose();
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={isEdit ? t('users.detailsTitle') : t('users.createTitle')}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {mutation.isError && <Alert color="red">{describeError(mutation.error)}</Alert>}
          {isReadOnly && <Alert color="blue">{readOnlyReason}</Alert>}
          <TextInput
            label={t('form.username')}
            required={!isEdit}
            readOnly={isEdit}
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          {isEdit && (
            <Text size="sm" c="dimmed">
              {t('form.loginType')}: {user.isOAuth ? t('authType.oauth') : t('authType.basic')}
            </Text>
          )}
          <PasswordInput
            label={t('form.password')}
            placeholder={isEdit ? t('form.unchanged') : undefined}
            required={!isEdit}
            disabled={user?.isOAuth || isReadOnly}
            description={user?.isOAuth ? t('rules.ssoNoPassword') : undefined}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('form.confirmPassword')}
            placeholder={isEdit ? t('form.unchanged') : undefined}
            required={!isEdit}
            disabled={user?.isOAuth || isReadOnly}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          {isPro ? (
            <>
              <Select
                label={t('form.platformRole')}
                data={roleOptions}
                allowDeselect={false}
                disabled={isRoleLocked || isReadOnly}
                {...form.getInputProps('platformRoleId')}
              />
              {isPlatformAdminRole(form.values.platformRoleId) && (
                <Alert color="blue">{t('form.adminNote')}</Alert>
              )}
              <MultiSelect
                label={t('form.groups')}
                data={(groups.data ?? []).map((group) => ({ value: group.id, label: groupName(t, group) }))}
                searchable
                clearable
                disabled={isReadOnly}
                {...form.getInputProps('groupIds')}
              />
              <Text size="sm" fw={500}>
                {t('networkRoles.title')}
              </Text>
              <NetworkRolesField
                networkIds={(networks ?? []).map((network) => network.netId)}
                roles={networkRoles.data ?? []}
                value={form.values.networkRoles}
                onChange={(value) => form.setFieldValue('networkRoles', value)}
                isReadOnly={isReadOnly}
              />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('form.communityAdmins')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={isReadOnly}>
              {isEdit ? t('actions.save') : t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
