import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from './opened-once.tsx';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** When set, a checkbox with this label lets the admin ask for a forced removal. */
  forceLabel?: string;
  /** Starts checked, e.g. deleting a device always forces (features §3.6). */
  isForcedByDefault?: boolean;
  isPending?: boolean;
  onConfirm: (force: boolean) => void;
  onClose: () => void;
}

/** The confirmation every destructive action goes through (features §2.7), with an optional "force" box. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <OpenedOnce opened={props.opened}>
      <ConfirmModal {...props} />
    </OpenedOnce>
  );
}

function ConfirmModal(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [force, setForce] = useState(props.isForcedByDefault ?? false);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        {typeof props.message === 'string' ? <Text>{props.message}</Text> : props.message}
        {props.forceLabel && (
          <Checkbox
            label={props.forceLabel}
            checked={force}
            onChange={(event) => setForce(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={props.isPending} onClick={() => props.onConfirm(force)}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
