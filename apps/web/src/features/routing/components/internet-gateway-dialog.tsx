import type { NodeListItem } from '@meshdeck/contracts';
import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { useSetInternetGateway } from '@/features/routing/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { NodePicker, NodesPicker, RoutingDialogFrame, RoutingFormButtons } from './routing-dialog-frame.tsx';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { internetGatewayValidator, type InternetGatewayFormValues } from './routing-form-rules.ts';
import { candidateOption, nodeOption, rolesOfRow, whyNotRole } from './routing-roles.ts';

export interface InternetGatewayDialogProps {
  opened: boolean;
  networkId: string;
  /** The gateway whose connected nodes change; without it the admin first picks the node to make one. */
  gateway?: { id: string; name: string };
  /** A node that is not a gateway yet, made one by this dialog (the node menu). */
  isNew?: boolean;
  onClose: () => void;
}

/** Create an internet gateway, or change the nodes routed through it (features §3.15, Pro). */
export function InternetGatewayDialog(props: InternetGatewayDialogProps) {
  const { t } = useTranslation('routing');
  const isUpdate = props.gateway !== undefined && !props.isNew;
  return (
    <RoutingDialogFrame
      opened={props.opened}
      title={isUpdate ? t('inet.updateTitle', { name: props.gateway?.name }) : t('inet.createTitle')}
      networkId={props.networkId}
      onClose={props.onClose}
    >
      {(all) => <InternetGatewayForm {...props} all={all} />}
    </RoutingDialogFrame>
  );
}

function InternetGatewayForm({
  networkId,
  gateway,
  isNew,
  onClose,
  all,
}: InternetGatewayDialogProps & { all: readonly NodeListItem[] }) {
  const { t } = useTranslation('routing');
  const setGateway = useSetInternetGateway();
  const isCreate = gateway === undefined || isNew === true;
  const form = useForm<InternetGatewayFormValues>({
    mode: 'controlled',
    initialValues: {
      gatewayId: gateway?.id ?? '',
      clients: gateway
        ? all.filter((item) => item.internetGatewayId === gateway.id).map((item) => item.id)
        : [],
    },
    validate: internetGatewayValidator(t, networkId),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const { gatewayId } = form.values;
  const isAdmin = useIsPlatformAdmin();
  // Nodes that already are internet gateways or already use one cannot become one (features §3.15); the others
  // the server would refuse (not Linux, no firewall, relayed) or that could not serve (offline) are shown
  // disabled with the reason (issue 39).
  const gatewayOptions = useMemo(
    () =>
      all
        .filter((item) => !item.flags.includes('internetGateway') && item.internetGatewayId === undefined)
        .map((item) =>
          candidateOption(item, (row) => {
            const reason = whyNotRole('inet', rolesOfRow(row), { isPro: true, isAdmin });
            return reason && t(`gating.${reason}`);
          }),
        ),
    [all, isAdmin, t],
  );
  // A client is not a gateway, and not already routed through another one.
  const clientOptions = useMemo(
    () =>
      all
        .filter(
          (item) =>
            item.id !== gatewayId &&
            !item.flags.includes('internetGateway') &&
            (item.internetGatewayId === undefined || item.internetGatewayId === gatewayId),
        )
        .map(nodeOption),
    [all, gatewayId],
  );

  const handleSubmit = (values: typeof form.values) => {
    const name = gateway?.name ?? all.find((item) => item.id === values.gatewayId)?.name ?? values.gatewayId;
    setGateway.mutate(
      { node: { network: networkId, id: values.gatewayId }, clients: values.clients, isNew: isCreate },
      {
        onSuccess: () => {
          notifySuccess(t(isCreate ? 'inet.created' : 'inet.updated', { name }));
          onClose();
        },
        onError: (error) => notifyFailure(t('inet.saveFailed'), error),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('inet.explain')}
        </Text>
        {gateway === undefined && (
          <NodePicker label={t('inet.host')} data={gatewayOptions} {...form.getInputProps('gatewayId')} />
        )}
        <NodesPicker
          label={t('inet.clients')}
          data={clientOptions}
          isDisabled={!gatewayId}
          {...form.getInputProps('clients')}
        />
        <RoutingFormButtons
          onCancel={close}
          isPending={setGateway.isPending}
          submitLabel={isCreate ? t('inet.create') : t('save')}
        />
      </Stack>
    </form>
  );
}
