import { groupNameSchema, type GroupInput } from '@meshdeck/contracts';
import { Alert, Button, Group, MultiSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NetworkRolesField } from '@/features/roles/roles.public.ts';
import { useRoles, useUsers } from '@/lib/api/people-queries.ts';
import { checkField } from '@/lib/check-field.ts';
import { describeError } from '@/lib/error-message.ts';
import { useNetworks } from '@/lib/networks-query.ts';

export interface GroupFormProps {
  initial: GroupInput;
  isEdit: boolean;
  isReadOnly: boolean;
  isPending: boolean;
  error: unknown;
  onSubmit: (input: GroupInput) => void;
}

/** Name, description, network roles and members of a user group (features §3.23). */
export function GroupForm({ initial, isEdit, isReadOnly, isPending, error, onSubmit }: GroupFormProps) {
  const { t } = useTranslation('people');
  const { data: networks } = useNetworks();
  const roles = useRoles('network');
  const users = useUsers();
  const form = useForm({
    initialValues: initial,
    validate: {
      name: (value) =>
        checkField(groupNameSchema, value, {
          invalid: t('groupForm.nameRequired'),
          tooLong: t('groupForm.nameTooLong'),
        }),
    },
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack maw={720}>
        {error ? <Alert color="red">{describeError(error)}</Alert> : null}
        <TextInput
          label={t('groupForm.name')}
          required
          readOnly={isEdit || isReadOnly}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('columns.description')}
          readOnly={isReadOnly}
          {...form.getInputProps('description')}
        />
        <Text size="sm" fw={500}>
          {t('groupForm.networkRoles')}
        </Text>
        <NetworkRolesField
          networkIds={(networks ?? []).map((network) => network.netId)}
          roles={roles.data ?? []}
          value={form.values.networkRoles}
          onChange={(value) => form.setFieldValue('networkRoles', value)}
          isReadOnly={isReadOnly}
        />
        <MultiSelect
          label={t('groupForm.members')}
          data={(users.data ?? []).map((user) => user.username)}
          searchable
          clearable
          disabled={isReadOnly}
          {...form.getInputProps('members')}
        />
        {!isReadOnly && (
          <Group>
            <Button type="submit" loading={isPending}>
              {isEdit ? t('actions.save') : t('actions.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
