import type { NodeListItem } from '@meshdeck/contracts';
import { Button, Group, Modal, MultiSelect, Select, type ComboboxItem } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { OPTION_LIMIT } from './routing-roles.ts';
import { WithNodeRows } from './with-node-rows.tsx';

/**
 * The relay, egress and internet-gateway dialogs' shared parts: the modal that renders its form once the
 * network's node rows are here, the node pickers and the form's buttons.
 */
export function RoutingDialogFrame(props: {
  opened: boolean;
  title: string;
  networkId: string;
  onClose: () => void;
  /** The form, given every node row of the network. */
  children: (rows: readonly NodeListItem[]) => ReactNode;
}) {
  return (
    <OpenedOnce opened={props.opened}>
      <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="lg" centered>
        <WithNodeRows networkId={props.networkId}>{props.children}</WithNodeRows>
      </Modal>
    </OpenedOnce>
  );
}

type PickerProps = GetInputPropsReturnType & { label: string; data: ComboboxItem[] };

/** The node that gets the role: a required, searchable select of the candidates (typing narrows a big network). */
export function NodePicker({ label, data, ...input }: PickerProps) {
  const { t } = useTranslation('routing');
  return (
    <Select
      label={label}
      placeholder={t('pickNode')}
      data={data}
      searchable
      limit={OPTION_LIMIT}
      nothingFoundMessage={t('noCandidates')}
      withAsterisk
      {...input}
    />
  );
}

/** The nodes the role serves (relayed nodes, a gateway's clients), once the role's node is chosen. */
export function NodesPicker({
  label,
  data,
  isRequired = false,
  isDisabled = false,
  ...input
}: PickerProps & { isRequired?: boolean; isDisabled?: boolean }) {
  const { t } = useTranslation('routing');
  return (
    <MultiSelect
      label={label}
      placeholder={t('pickNodes')}
      data={data}
      searchable
      limit={OPTION_LIMIT}
      nothingFoundMessage={t('noCandidates')}
      withAsterisk={isRequired}
      disabled={isDisabled}
      {...input}
    />
  );
}

/** Cancel (asks first when the form was changed) and the submit button. */
export function RoutingFormButtons(props: { onCancel: () => void; isPending: boolean; submitLabel: string }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={props.isPending}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
