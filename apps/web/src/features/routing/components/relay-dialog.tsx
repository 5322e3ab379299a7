import type { NodeListItem } from '@meshdeck/contracts';
import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { useSetRelay } from '@/features/routing/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { NodePicker, NodesPicker, RoutingDialogFrame, RoutingFormButtons } from './routing-dialog-frame.tsx';
import { relayValidator, type RelayFormValues } from './routing-form-rules.ts';
import { candidateOption, nodeOption, rolesOfRow, whyNotRole } from './routing-roles.ts';

export interface RelayDialogProps {
  opened: boolean;
  networkId: string;
  /** The relay whose relayed nodes change; without it the admin first picks the node to make a relay. */
  relay?: { id: string; name: string };
  /** The node is not a relay yet: this dialog makes it one (the node menu). */
  isNew?: boolean;
  onClose: () => void;
}

/** Create a relay, or change the nodes it relays (features §3.13; the node menu's "Make relay"). */
export function RelayDialog(props: RelayDialogProps) {
  const { t } = useTranslation('routing');
  const isUpdate = props.relay !== undefined && !props.isNew;
  return (
    <RoutingDialogFrame
      opened={props.opened}
      title={isUpdate ? t('relays.updateTitle', { name: props.relay?.name }) : t('relays.createTitle')}
      networkId={props.networkId}
      onClose={props.onClose}
    >
      {(all) => <RelayForm {...props} all={all} />}
    </RoutingDialogFrame>
  );
}

function RelayForm({
  networkId,
  relay,
  isNew,
  onClose,
  all,
}: RelayDialogProps & { all: readonly NodeListItem[] }) {
  const { t } = useTranslation('routing');
  const setRelay = useSetRelay();
  const isCreate = relay === undefined || isNew === true;
  const form = useForm<RelayFormValues>({
    mode: 'controlled',
    initialValues: {
      relayId: relay?.id ?? '',
      relayed: relay ? all.filter((item) => item.relayedBy === relay.id).map((item) => item.id) : [],
    },
    validate: relayValidator(t, networkId),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const { relayId } = form.values;
  // Existing relays and relayed nodes cannot become relays (features §3.13); a relay cannot relay itself, another
  // relay, or a node another relay carries.
  // A host the server would refuse (not Linux) is shown disabled with the reason (issue 39).
  const relayOptions = useMemo(
    () =>
      all
        .filter((item) => !item.flags.includes('relay') && !item.flags.includes('relayed'))
        .map((item) =>
          candidateOption(item, (row) => {
            const reason = whyNotRole('relay', rolesOfRow(row), { isPro: true, isAdmin: true });
            return reason && t(`gating.${reason}`);
          }),
        ),
    [all, t],
  );
  const relayedOptions = useMemo(
    () =>
      all
        .filter(
          (item) =>
            item.id !== relayId &&
            !item.flags.includes('relay') &&
            (item.relayedBy === undefined || item.relayedBy === relayId),
        )
        .map(nodeOption),
    [all, relayId],
  );

  const handleSubmit = (values: typeof form.values) => {
    const name = relay?.name ?? all.find((item) => item.id === values.relayId)?.name ?? values.relayId;
    setRelay.mutate(
      { node: { network: networkId, id: values.relayId }, relayed: values.relayed },
      {
        onSuccess: () => {
          notifySuccess(t(isCreate ? 'relays.created' : 'relays.updated', { name }));
          onClose();
        },
        onError: (error) => notifyFailure(t('relays.saveFailed'), error),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('relays.explain')}
        </Text>
        {relay === undefined && (
          <NodePicker label={t('relays.relayHost')} data={relayOptions} {...form.getInputProps('relayId')} />
        )}
        <NodesPicker
          label={t('relays.relayedHosts')}
          data={relayedOptions}
          isDisabled={!relayId}
          isRequired
          {...form.getInputProps('relayed')}
        />
        <RoutingFormButtons
          onCancel={close}
          isPending={setRelay.isPending}
          submitLabel={isCreate ? t('relays.create') : t('save')}
        />
      </Stack>
    </form>
  );
}
