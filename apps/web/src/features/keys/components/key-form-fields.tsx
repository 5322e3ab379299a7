import { MultiSelect, NumberInput, Radio, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '@/lib/networks-query.ts';
import type { KeyFormValues } from './key-form-rules.ts';
import { useRelayOptions } from './use-relay-options.ts';

/** The fields of the create-key form; which extra field shows depends on the key type. */
export function KeyFormFields({ form }: { form: UseFormReturnType<KeyFormValues> }) {
  const { t } = useTranslation('keys');
  const { data: networks } = useNetworks();
  const values = form.getValues();
  const relays = useRelayOptions(values.networks);
  return (
    <Stack>
      <TextInput
        label={t('form.name')}
        description={t('form.nameHint')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Radio.Group label={t('form.type')} {...form.getInputProps('kind')}>
        <Stack gap="xs" mt="xs">
          <Radio value="unlimited" label={t('kind.unlimited')} />
          <Radio value="uses" label={t('kind.uses')} />
          <Radio value="time" label={t('kind.time')} />
        </Stack>
      </Radio.Group>
      {values.kind === 'uses' && (
        <NumberInput
          label={t('form.uses')}
          min={1}
          clampBehavior="none"
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('uses')}
        />
      )}
      {values.kind === 'time' && (
        <TextInput
          type="datetime-local"
          label={t('form.expiresAt')}
          withAsterisk
          {...form.getInputProps('expiresAt')}
        />
      )}
      <MultiSelect
        label={t('form.networks')}
        description={t('form.networksHint')}
        data={(networks ?? []).map((network) => ({ value: network.netId, label: network.displayName }))}
        searchable
        {...form.getInputProps('networks')}
      />
      <Select
        label={t('form.relay')}
        description={t('form.relayHint')}
        data={relays}
        clearable
        nothingFoundMessage={t('form.noRelays')}
        value={values.relay || null}
        onChange={(value) => form.setFieldValue('relay', value ?? '')}
      />
      <TagsInput
        label={t('form.groups')}
        description={t('form.groupsHint')}
        {...form.getInputProps('groups')}
      />
    </Stack>
  );
}
