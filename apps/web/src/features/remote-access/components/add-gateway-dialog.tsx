import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useCreateGateway } from '../api/gateway-mutations.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { GatewayFields } from './gateway-fields.tsx';
import {
  GATEWAY_DEFAULTS,
  gatewayValidator,
  toNumber,
  type GatewayFormValues,
} from './gateway-form-rules.ts';
import { HostPicker } from './host-picker.tsx';

export interface AddGatewayDialogProps {
  opened: boolean;
  networkId: string;
  /** The network's Linux nodes that are not gateways yet. */
  candidates: readonly GatewayRow[];
  isPro: boolean;
  onClose: () => void;
  onCreated?: (nodeId: string) => void;
}

function AddGatewayForm({
  networkId,
  candidates,
  isPro,
  onClose,
  onCreated,
}: Omit<AddGatewayDialogProps, 'opened'>) {
  const { t } = useTranslation('remoteAccess');
  const { t: tCommon } = useTranslation('common');
  const createGateway = useCreateGateway();
  const form = useForm<GatewayFormValues>({
    mode: 'controlled',
    initialValues: {
      nodeId: '',
      dns: '',
      mtu: GATEWAY_DEFAULTS.mtu,
      keepalive: GATEWAY_DEFAULTS.keepalive,
      metadata: '',
      isInternetGateway: false,
      additionalEndpoints: [],
    },
    validate: gatewayValidator(t, { isCreate: true }),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const handleSubmit = (values: GatewayFormValues) => {
    const name = candidates.find((row) => row.id === values.nodeId)?.name ?? values.nodeId;
    createGateway.mutate(
      {
        network: networkId,
        nodeId: values.nodeId,
        settings: {
          dns: values.dns,
          mtu: toNumber(values.mtu),
          keepalive: toNumber(values.keepalive),
          metadata: values.metadata,
          isInternetGateway: values.isInternetGateway,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('gateways.created', { name }));
          onCreated?.(values.nodeId);
          onClose();
        },
        onError: (error) => notifyFailure(t('gateways.createFailed'), error),
      },
    );
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <HostPicker
          rows={candidates}
          value={form.getValues().nodeId}
          onChange={(nodeId) => form.setFieldValue('nodeId', nodeId)}
          error={typeof form.errors.nodeId === 'string' ? form.errors.nodeId : undefined}
        />
        <GatewayFields form={form} hasInternetGateway={isPro} hasAdditionalEndpoints={false} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={createGateway.isPending}>
            {t('gateways.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add Remote Access Gateway" (features §3.12): a host picker of the network's Linux nodes and the settings. */
export function AddGatewayDialog(props: AddGatewayDialogProps) {
  const { t } = useTranslation('remoteAccess');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('gateways.createTitle')} size="xl" centered>
      {props.opened && <AddGatewayForm {...props} />}
    </Modal>
  );
}
