import type { NodeListItem } from '@meshdeck/contracts';
import { DEFAULT_ROUTE_METRIC, MAX_ROUTE_METRIC } from '@meshdeck/contracts';
import { ActionIcon, Alert, Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { useSetEgress, type EgressRange } from '@/features/routing/api/routing-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { NodePicker, RoutingDialogFrame, RoutingFormButtons } from './routing-dialog-frame.tsx';
import { egressValidator, toRanges, type EgressFormValues } from './routing-form-rules.ts';
import { candidateOption, rolesOfRow, whyNotRole } from './routing-roles.ts';

export interface EgressDialogProps {
  opened: boolean;
  networkId: string;
  /** The gateway being changed, with its ranges; without it the admin first picks the node. */
  gateway?: { id: string; name: string; ranges: readonly EgressRange[] };
  /** The node is not an egress gateway yet: this dialog makes it one (the node menu). */
  isNew?: boolean;
  onClose: () => void;
}

/** Create an egress gateway, or change its ranges, metrics and NAT (features §3.14; the node menu). */
export function EgressDialog(props: EgressDialogProps) {
  const { t } = useTranslation('routing');
  const isUpdate = props.gateway !== undefined && !props.isNew;
  return (
    <RoutingDialogFrame
      opened={props.opened}
      title={isUpdate ? t('egress.updateTitle', { name: props.gateway?.name }) : t('egress.createTitle')}
      networkId={props.networkId}
      onClose={props.onClose}
    >
      {(all) => <EgressForm {...props} all={all} />}
    </RoutingDialogFrame>
  );
}

function EgressForm({
  networkId,
  gateway,
  isNew,
  onClose,
  all,
}: EgressDialogProps & { all: readonly NodeListItem[] }) {
  const { t } = useTranslation('routing');
  const setEgress = useSetEgress();
  const isCreate = gateway === undefined || isNew === true;
  const form = useForm<EgressFormValues>({
    mode: 'controlled',
    initialValues: {
      nodeId: gateway?.id ?? '',
      // On by default (features §3.14); an existing gateway keeps what it has.
      nat: isCreate ? true : (gateway?.ranges.some((range) => range.nat) ?? true),
      ranges: gateway?.ranges.length
        ? gateway.ranges.map((range) => ({ network: range.network, metric: range.metric }))
        : [{ network: '', metric: DEFAULT_ROUTE_METRIC }],
    },
    validate: egressValidator(t, networkId),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  // Nodes that already are egress gateways are edited from their row, not created again.
  // A host the server would refuse (not Linux) is shown disabled with the reason (issue 39).
  const options = useMemo(
    () =>
      all
        .filter((item) => !item.flags.includes('egress'))
        .map((item) =>
          candidateOption(item, (row) => {
            const reason = whyNotRole('egress', rolesOfRow(row), { isPro: true, isAdmin: true });
            return reason && t(`gating.${reason}`);
          }),
        ),
    [all, t],
  );

  const handleSubmit = (values: typeof form.values) => {
    const name = gateway?.name ?? all.find((item) => item.id === values.nodeId)?.name ?? values.nodeId;
    setEgress.mutate(
      { node: { network: networkId, id: values.nodeId }, ranges: toRanges(values.ranges, values.nat) },
      {
        onSuccess: () => {
          notifySuccess(t(isCreate ? 'egress.created' : 'egress.updated', { name }));
          onClose();
        },
        onError: (error) => notifyFailure(t('egress.saveFailed'), error),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)}>
      <Stack>
        {gateway === undefined && (
          <NodePicker label={t('egress.host')} data={options} {...form.getInputProps('nodeId')} />
        )}
        <Alert color="blue" variant="light">
          {t('egress.firewallNote')}
        </Alert>
        <Switch label={t('egress.nat')} {...form.getInputProps('nat', { type: 'checkbox' })} />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('egress.ranges')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('egress.metricHelp')}
          </Text>
          {form.values.ranges.map((_, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t('egress.rangeLabel', { index: index + 1 })}
                placeholder="192.168.1.0/24"
                style={{ flex: 1 }}
                {...form.getInputProps(`ranges.${index}.network`)}
              />
              <NumberInput
                aria-label={t('egress.metricLabel', { index: index + 1 })}
                min={1}
                max={MAX_ROUTE_METRIC}
                w={110}
                {...form.getInputProps(`ranges.${index}.metric`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('egress.removeRange', { index: index + 1 })}
                disabled={form.values.ranges.length === 1}
                onClick={() => form.removeListItem('ranges', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => form.insertListItem('ranges', { network: '', metric: DEFAULT_ROUTE_METRIC })}
          >
            {t('egress.addRange')}
          </Button>
        </Stack>
        <RoutingFormButtons
          onCancel={close}
          isPending={setEgress.isPending}
          submitLabel={isCreate ? t('egress.create') : t('save')}
        />
      </Stack>
    </form>
  );
}
