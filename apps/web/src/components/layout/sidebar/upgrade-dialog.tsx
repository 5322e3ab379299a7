import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { ProFeatures } from '../pro-features.tsx';

/** "Upgrade Plan" (spec §2 "Dialogs"): what Pro adds, and where to read how to enable it. */
export function UpgradeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <OpenedOnce opened={opened}>
      <Modal opened={opened} onClose={onClose} title={t('upgrade.title')} centered>
        <Stack>
          <ProFeatures />
        </Stack>
      </Modal>
    </OpenedOnce>
  );
}
