import { isIPv4Cidr, isIPv6Cidr, randomIPv4Range, randomIPv6Range } from '@meshdeck/contracts';
import { ActionIcon, Alert, Button, Group, Radio, Stack, Switch, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconDice5 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreateNetworkValues } from '../api/create-network.ts';
import { isLanRange } from './network-form-rules.ts';

export interface CreateNetworkFormProps {
  form: UseFormReturnType<CreateNetworkValues>;
  /** Ranges of existing networks, so generated ranges avoid them. */
  rangesInUse: readonly string[];
  isPending: boolean;
  onSubmit: (values: CreateNetworkValues) => void;
  onCancel: () => void;
}

/** The create-network fields and rules of spec §5; the modal owns the form state and the request. */
export function CreateNetworkForm({
  form,
  rangesInUse,
  isPending,
  onSubmit,
  onCancel,
}: CreateNetworkFormProps) {
  const { t } = useTranslation('networks');
  const { values } = form;
  const lanWarning = (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} p="xs" fz="sm">
      {t('form.lanWarning')}
    </Alert>
  );
  const generate = (field: 'addressRange' | 'addressRange6') => (
    <Tooltip label={t('form.generate')} withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={field === 'addressRange' ? t('form.generateIpv4') : t('form.generateIpv6')}
        onClick={() =>
          form.setFieldValue(
            field,
            field === 'addressRange' ? (randomIPv4Range(rangesInUse) ?? '') : randomIPv6Range(rangesInUse),
          )
        }
      >
        <IconDice5 size={18} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Switch
          label={t('form.ipv4')}
          {...form.getInputProps('isIpv4', { type: 'checkbox' })}
          onChange={(event) => {
            form.setFieldValue('isIpv4', event.currentTarget.checked);
            if (event.currentTarget.checked && values.addressRange === '')
              form.setFieldValue('addressRange', randomIPv4Range(rangesInUse) ?? '');
          }}
        />
        {values.isIpv4 && (
          <TextInput
            label={t('form.ipv4Range')}
            placeholder="100.64.1.0/24"
            rightSection={generate('addressRange')}
            {...form.getInputProps('addressRange')}
          />
        )}
        {values.isIpv4 && isLanRange(values.addressRange, isIPv4Cidr) && lanWarning}
        <Switch
          label={t('form.ipv6')}
          {...form.getInputProps('isIpv6', { type: 'checkbox' })}
          onChange={(event) => {
            form.setFieldValue('isIpv6', event.currentTarget.checked);
            if (event.currentTarget.checked && values.addressRange6 === '')
              form.setFieldValue('addressRange6', randomIPv6Range(rangesInUse));
          }}
        />
        {values.isIpv6 && (
          <TextInput
            label={t('form.ipv6Range')}
            placeholder="fd3c:1:2:3::/64"
            rightSection={generate('addressRange6')}
            {...form.getInputProps('addressRange6')}
          />
        )}
        {values.isIpv6 && isLanRange(values.addressRange6, isIPv6Cidr) && lanWarning}
        <Radio.Group
          label={t('form.defaultAcl')}
          description={t('form.defaultAclHelp')}
          required
          {...form.getInputProps('defaultAcl')}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('form.allow')} />
            <Radio value="no" label={t('form.deny')} />
          </Group>
        </Radio.Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
