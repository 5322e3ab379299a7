import type { AccessImpact } from '@meshdeck/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { describeError } from '@/lib/error-message.ts';
import { ImpactPanel } from './impact-panel.tsx';
import { useImpactReview } from './use-impact-review.ts';

export interface ImpactConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Asks the server what the change would do; called each time the dialog opens. */
  preview: () => Promise<AccessImpact>;
  isPending?: boolean;
  isDestructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

function ImpactConfirm(props: ImpactConfirmDialogProps) {
  const { t } = useTranslation('access');
  const { t: tCommon } = useTranslation('common');
  const { review, impact, error, canSave, isPending } = useImpactReview(props.preview);
  // Asked once per opening: the dialog's body is mounted only while it is open.
  useEffect(() => review(undefined), [review]);
  return (
    <Stack>
      <Text>{props.message}</Text>
      {isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            {t('impact.loading')}
          </Text>
        </Group>
      )}
      {error && <Alert color="red">{describeError(error)}</Alert>}
      {impact && <ImpactPanel impact={impact} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {tCommon('cancel')}
        </Button>
        <Button
          color={props.isDestructive ? 'red' : undefined}
          disabled={!canSave}
          loading={props.isPending}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** A confirmation that shows a change's impact first and offers the save only when it breaks no check. */
export function ImpactConfirmDialog(props: ImpactConfirmDialogProps) {
  return (
    <OpenedOnce opened={props.opened}>
      <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="lg" centered>
        {props.opened && <ImpactConfirm {...props} />}
      </Modal>
    </OpenedOnce>
  );
}
