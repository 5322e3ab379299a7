import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { AddHostWizard } from './add-host-wizard.tsx';

/** The new-device wizard in a dialog, opened from the devices toolbar. */
export function AddHostDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <OpenedOnce opened={opened}>
      <Modal opened={opened} onClose={onClose} title={t('wizard.title')} size="xl" centered>
        {/* Unmounted when closed so every opening starts at step one. */}
        {opened && <AddHostWizard onDone={onClose} />}
      </Modal>
    </OpenedOnce>
  );
}
