import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { toGatewayUpdateBody, useUpdateGateway } from '../api/gateway-mutations.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { GatewayFields } from './gateway-fields.tsx';
import { gatewayValidator, toNumber, type GatewayFormValues } from './gateway-form-rules.ts';

function UpdateGatewayForm({ gateway, onClose }: { gateway: GatewayRow; onClose: () => void }) {
  const { t } = useTranslation('remoteAccess');
  const { t: tCommon } = useTranslation('common');
  const updateGateway = useUpdateGateway();
  const form = useForm<GatewayFormValues>({
    mode: 'controlled',
    initialValues: {
      nodeId: gateway.id,
      dns: gateway.dns,
      mtu: gateway.mtu,
      keepalive: gateway.keepalive,
      metadata: gateway.metadata,
      isInternetGateway: gateway.isInternetGateway,
      additionalEndpoints: gateway.additionalEndpoints,
    },
    validate: gatewayValidator(t, { isCreate: false }),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const handleSubmit = (values: GatewayFormValues) =>
    updateGateway.mutate(
      {
        network: gateway.network,
        nodeId: gateway.id,
        body: toGatewayUpdateBody({
          dns: values.dns,
          mtu: toNumber(values.mtu),
          keepalive: toNumber(values.keepalive),
          metadata: values.metadata,
          additionalEndpoints: values.additionalEndpoints.map((entry) => entry.trim()),
        }),
      },
      {
        onSuccess: () => {
          notifySuccess(t('gateways.updated', { name: gateway.name }));
          onClose();
        },
        onError: (error) => notifyFailure(t('gateways.updateFailed'), error),
      },
    );
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <Text fz="sm" fw={500}>
          {gateway.name}
        </Text>
        <GatewayFields form={form} hasInternetGateway={false} hasAdditionalEndpoints />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={updateGateway.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Update gateway" (features §3.12): client DNS, MTU, keepalive, additional endpoints and network info. */
export function UpdateGatewayDialog({
  gateway,
  onClose,
}: {
  gateway: GatewayRow | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('remoteAccess');
  return (
    <Modal
      opened={gateway !== undefined}
      onClose={onClose}
      title={t('gateways.updateTitle')}
      size="lg"
      centered
    >
      {gateway && <UpdateGatewayForm key={gateway.id} gateway={gateway} onClose={onClose} />}
    </Modal>
  );
}
