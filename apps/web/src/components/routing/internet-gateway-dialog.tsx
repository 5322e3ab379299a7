import type { NodeListItem } from '@meshdeck/contracts';
import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { useSetInternetGateway } from '@/lib/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { OPTION_LIMIT, nodeOption } from './routing-roles.ts';
import { WithNodeRows } from './with-node-rows.tsx';

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
    <OpenedOnce opened={props.opened}>
      <Modal
        opened={props.opened}
        onClose={props.onClose}
        title={isUpdate ? t('inet.updateTitle', { name: props.gateway?.name }) : t('inet.createTitle')}
        size="lg"
        centered
      >
        <WithNodeRows networkId={props.networkId}>
          {(all) => <InternetGatewayForm {...props} all={all} />}
        </WithNodeRows>
      </Modal>
    </OpenedOnce>
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
  const { t: tCommon } = useTranslation('common');
  const setGateway = useSetInternetGateway();
  const isCreate = gateway === undefined || isNew === true;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      gatewayId: gateway?.id ?? '',
      clients: gateway
        ? all.filter((item) => item.internetGatewayId === gateway.id).map((item) => item.id)
        : [],
    },
    validate: { gatewayId: (value) => (value ? null : t('inet.hostRequired')) },
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const { gatewayId } = form.values;
  // Nodes that already are internet gateways or already use one cannot become one (features §3.15).
  const gatewayOptions = useMemo(
    () =>
      all
        .filter((item) => !item.flags.includes('internetGateway') && item.internetGatewayId === undefined)
        .map(nodeOption),
    [all],
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
          <Select
            label={t('inet.host')}
            placeholder={t('pickNode')}
            data={gatewayOptions}
            searchable
            limit={OPTION_LIMIT}
            nothingFoundMessage={t('noCandidates')}
            withAsterisk
            {...form.getInputProps('gatewayId')}
          />
        )}
        <MultiSelect
          label={t('inet.clients')}
          placeholder={t('pickNodes')}
          data={clientOptions}
          searchable
          limit={OPTION_LIMIT}
          nothingFoundMessage={t('noCandidates')}
          disabled={!gatewayId}
          {...form.getInputProps('clients')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={setGateway.isPending}>
            {isCreate ? t('inet.create') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
