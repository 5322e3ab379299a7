import { NumberInput, SimpleGrid, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { GatewayFormValues } from './gateway-form-rules.ts';

export interface GatewayFieldsProps {
  form: UseFormReturnType<GatewayFormValues>;
  /** The internet-gateway switch (pro edition, create only: the server has no update for it). */
  hasInternetGateway: boolean;
  /** Additional endpoints (update only: a gateway gets them once it exists). */
  hasAdditionalEndpoints: boolean;
}

/** The settings shared by the add and update gateway dialogs. */
export function GatewayFields({ form, hasInternetGateway, hasAdditionalEndpoints }: GatewayFieldsProps) {
  const { t } = useTranslation('remoteAccess');
  return (
    <>
      <TextInput
        label={t('gatewayForm.dns')}
        description={t('gatewayForm.dnsHint')}
        placeholder="1.1.1.1, 8.8.8.8"
        key={form.key('dns')}
        {...form.getInputProps('dns')}
      />
      <SimpleGrid cols={2}>
        <NumberInput label={t('gatewayForm.mtu')} key={form.key('mtu')} {...form.getInputProps('mtu')} />
        <NumberInput
          label={t('gatewayForm.keepalive')}
          key={form.key('keepalive')}
          {...form.getInputProps('keepalive')}
        />
      </SimpleGrid>
      {hasAdditionalEndpoints && (
        <TagsInput
          label={t('gatewayForm.additionalEndpoints')}
          description={t('gatewayForm.additionalEndpointsHint')}
          key={form.key('additionalEndpoints')}
          {...form.getInputProps('additionalEndpoints')}
        />
      )}
      {hasInternetGateway && (
        <Switch
          label={t('gatewayForm.internetGateway')}
          description={t('gatewayForm.internetGatewayHint')}
          key={form.key('isInternetGateway')}
          {...form.getInputProps('isInternetGateway', { type: 'checkbox' })}
        />
      )}
      <Textarea
        label={t('gatewayForm.metadata')}
        rows={2}
        key={form.key('metadata')}
        {...form.getInputProps('metadata')}
      />
    </>
  );
}
