import {
  Accordion,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import type { ClientRow } from '../api/client-row.ts';
import { rowToEdit } from '../api/ext-client-mutations.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { useSaveClient } from '../api/use-save-client.ts';
import { clientValidator, type ClientFormValues } from './client-form-rules.ts';

export interface ClientDialogProps {
  opened: boolean;
  networkId: string;
  /** The network's CIDRs: extra routes must not overlap them. */
  networkRanges: readonly string[];
  gateways: readonly GatewayRow[];
  /** Linux nodes that are not gateways: choosing one promotes it first. */
  candidates: readonly GatewayRow[];
  /** Preselected gateway (the one selected in the gateways table). */
  gatewayId?: string;
  /** The client to edit; none creates a new one. */
  client?: ClientRow;
  isPro: boolean;
  onClose: () => void;
}

function ClientForm(props: Omit<ClientDialogProps, 'opened'>) {
  const { t } = useTranslation('remoteAccess');
  const { t: tCommon } = useTranslation('common');
  const { client, gateways, candidates } = props;
  const isEdit = client !== undefined;
  const gatewayIds = useMemo(() => new Set(gateways.map((row) => row.id)), [gateways]);
  const isPromoting = (values: ClientFormValues) =>
    values.gatewayId !== '' && !gatewayIds.has(values.gatewayId);
  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: {
      ...(client
        ? // An edit keeps the client's keys (the field is hidden and never sent), so it is not validated either.
          { ...rowToEdit(client), publicKey: '' }
        : { clientId: '', publicKey: '', dns: '', extraAllowedIps: [], postUp: '', postDown: '' }),
      gatewayId:
        client?.gatewayNodeId ?? props.gatewayId ?? (gateways.length === 1 ? (gateways[0]?.id ?? '') : ''),
      gatewayDns: '',
      isInternetGateway: false,
    },
    validate: clientValidator(t, { networkRanges: props.networkRanges, isPromoting }),
  });
  const close = useGuardedClose(form.isTouched, props.onClose);
  const save = useSaveClient();
  const values = form.getValues();
  const promoting = isPromoting(values);
  const gatewayOptions = [
    {
      group: t('clientForm.gatewaysGroup'),
      items: gateways.map((row) => ({ value: row.id, label: row.name })),
    },
    ...(isEdit
      ? []
      : [
          {
            group: t('clientForm.promoteGroup'),
            items: candidates.map((row) => ({ value: row.id, label: row.name })),
          },
        ]),
  ].filter((group) => group.items.length > 0);

  const handleSubmit = (submitted: ClientFormValues) =>
    save.mutate(
      { networkId: props.networkId, values: submitted, client, isPromoting: isPromoting(submitted) },
      {
        onSuccess: (name) => {
          notifySuccess(isEdit ? t('clients.updated', { name }) : t('clients.created', { name }));
          props.onClose();
        },
        onError: (error) =>
          notifyFailure(isEdit ? t('clients.updateFailed') : t('clients.createFailed'), error),
      },
    );

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <Select
          label={t('clientForm.gateway')}
          description={isEdit ? undefined : t('clientForm.gatewayHint')}
          data={gatewayOptions}
          searchable
          disabled={isEdit}
          nothingFoundMessage={t('clientForm.noGateways')}
          key={form.key('gatewayId')}
          {...form.getInputProps('gatewayId')}
        />
        {promoting && (
          <>
            <TextInput
              label={t('gatewayForm.dns')}
              description={t('gatewayForm.dnsHint')}
              key={form.key('gatewayDns')}
              {...form.getInputProps('gatewayDns')}
            />
            {props.isPro && (
              <Switch
                label={t('gatewayForm.internetGateway')}
                description={t('gatewayForm.internetGatewayHint')}
                key={form.key('isInternetGateway')}
                {...form.getInputProps('isInternetGateway', { type: 'checkbox' })}
              />
            )}
          </>
        )}
        <TextInput
          label={t('clientForm.clientId')}
          description={t('clientForm.clientIdHint')}
          key={form.key('clientId')}
          {...form.getInputProps('clientId')}
        />
        <Accordion variant="contained">
          <Accordion.Item value="advanced">
            <Accordion.Control>{t('clientForm.advanced')}</Accordion.Control>
            <Accordion.Panel>
              <Stack>
                {!isEdit && (
                  <TextInput
                    label={t('clientForm.publicKey')}
                    description={t('clientForm.publicKeyHint')}
                    key={form.key('publicKey')}
                    {...form.getInputProps('publicKey')}
                  />
                )}
                <TextInput label={t('clientForm.dns')} key={form.key('dns')} {...form.getInputProps('dns')} />
                <TagsInput
                  label={t('clientForm.extraAllowedIps')}
                  key={form.key('extraAllowedIps')}
                  {...form.getInputProps('extraAllowedIps')}
                />
                <Textarea
                  label={t('clientForm.postUp')}

                  rows={2}
                  key={form.key('postUp')}
                  {...form.getInputProps('postUp')}
                />
                <Textarea
                  label={t('clientForm.postDown')}

                  rows={2}
                  key={form.key('postDown')}
                  {...form.getInputProps('postDown')}
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isEdit ? t('save') : t('clients.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Create Client Config" and its edit form (features §3.12); a non-gateway host is promoted first. */
export function ClientDialog(props: ClientDialogProps) {
  const { t } = useTranslation('remoteAccess');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.client ? t('clients.editTitle', { name: props.client.clientId }) : t('clients.createTitle')
      }
      size="lg"
      centered
    >
      {props.opened && <ClientForm key={props.client?.id ?? 'new'} {...props} />}
    </Modal>
  );
}
