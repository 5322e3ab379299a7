import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * Page-level form guard: leaving the page (a link, the back button, closing the tab) with unsaved edits asks
 * the same question as closing a form modal (spec §5 "Other rules").
 */
export function UnsavedChangesBlocker({ isDirty }: { isDirty: boolean }) {
  const { t } = useTranslation('shell');
  const blocker = useBlocker({
    shouldBlockFn: () => isDirty,
    enableBeforeUnload: () => isDirty,
    withResolver: true,
  });
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved.title')}
      centered
    >
      <Text>{t('unsaved.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('unsaved.cancel')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('unsaved.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
