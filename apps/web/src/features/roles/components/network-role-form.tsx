import type { NetworkRoleInput } from '@meshdeck/contracts';
import { roleNameSchema } from '@meshdeck/contracts';
import { Alert, Button, Group, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { checkField } from '@/lib/check-field.ts';
import { describeError } from '@/lib/error-message.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { ResourcePermissionsField } from './resource-permissions-field.tsx';
import { RemoteAccessGatewaysField } from './remote-access-gateways-field.tsx';

export interface NetworkRoleFormProps {
  initial: NetworkRoleInput;
  isEdit: boolean;
  isReadOnly: boolean;
  isPending: boolean;
  error: unknown;
  onSubmit: (input: NetworkRoleInput) => void;
}

/**
 * Name, network, admin (full) access, per-resource permissions and per-gateway VPN access of a network role
 * (features §3.24; api-contract §3.11).
 */
export function NetworkRoleForm({
  initial,
  isEdit,
  isReadOnly,
  isPending,
  error,
  onSubmit,
}: NetworkRoleFormProps) {
  const { t } = useTranslation('people');
  const { data: networks } = useNetworks();
  const form = useForm({
    initialValues: initial,
    validate: {
      name: (value) =>
        checkField(roleNameSchema, value, {
          invalid: t('roles.nameRequired'),
          tooLong: t('roles.nameTooLong'),
        }),
      networkId: (value) => (value ? null : t('roles.networkRequired')),
    },
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack maw={720}>
        {error ? <Alert color="red">{describeError(error)}</Alert> : null}
        <TextInput
          label={t('roles.name')}
          required
          readOnly={isEdit || isReadOnly}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('columns.description')}
          readOnly={isReadOnly}
          {...form.getInputProps('description')}
        />
        <Select
          label={t('columns.network')}
          required
          disabled={isEdit || isReadOnly}
          data={[
            { value: 'all_networks', label: t('networkRoles.allNetworks') },
            ...(networks ?? []).map((network) => ({ value: network.netId, label: network.netId })),
          ]}
          {...form.getInputProps('networkId')}
        />
        <Switch
          label={t('roles.fullAccess')}
          description={t('roles.fullAccessHint')}
          disabled={isReadOnly}
          {...form.getInputProps('hasFullAccess', { type: 'checkbox' })}
        />
        {!form.values.hasFullAccess && (
          <ResourcePermissionsField
            value={form.values.permissions}
            onChange={(permissions) => form.setFieldValue('permissions', permissions)}
            isReadOnly={isReadOnly}
          />
        )}
        {!form.values.hasFullAccess &&
          form.values.networkId !== '' &&
          form.values.networkId !== 'all_networks' && (
            <RemoteAccessGatewaysField
              networkId={form.values.networkId}
              value={form.values.remoteAccessGatewayIds}
              onChange={(ids) => form.setFieldValue('remoteAccessGatewayIds', ids)}
              isReadOnly={isReadOnly}
            />
          )}
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
