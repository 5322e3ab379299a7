import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { i18next } from '@/i18n/index.ts';

/** Asks before discarding edits (spec §5 "Other rules"); runs `onConfirm` only if the user agrees. */
export function confirmDiscardChanges(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: i18next.t('shell:unsaved.title'),
    children: i18next.t('shell:unsaved.message'),
    labels: { confirm: i18next.t('shell:unsaved.confirm'), cancel: i18next.t('shell:unsaved.cancel') },
    confirmProps: { color: 'red' },
    centered: true,
    onConfirm,
  });
}

/**
 * A close handler for form modals: closes at once when nothing was touched, otherwise asks first. Pass the
 * form's `isTouched()` so a field typed into and cleared again still counts, as the spec says "touched".
 */
export function useGuardedClose(isTouched: () => boolean, onClose: () => void): () => void {
  return useCallback(() => {
    if (isTouched()) confirmDiscardChanges(onClose);
    else onClose();
  }, [isTouched, onClose]);
}
