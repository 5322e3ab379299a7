import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';

/** Where the Pro edition is described; set at build time like the other external addresses. */
const PRO_INFO_URL = 'https://github.com/meshdeck/meshdeck#editions';

/** "Upgrade Plan" (spec §2 "Dialogs"): what Pro adds, and where to read how to enable it. */
export function UpgradeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <OpenedOnce opened={opened}>
      <Modal opened={opened} onClose={onClose} title={t('upgrade.title')} centered>
        <Stack>
          <Text>{t('upgrade.intro')}</Text>
          <List spacing={4} fz="sm">
            <List.Item>{t('upgrade.featureAccess')}</List.Item>
            <List.Item>{t('upgrade.featureGateways')}</List.Item>
            <List.Item>{t('upgrade.featureInsight')}</List.Item>
            <List.Item>{t('upgrade.featureRac')}</List.Item>
          </List>
          <Text fz="sm" c="dimmed">
            {t('upgrade.howTo')}
          </Text>
          <Button
            component="a"
            href={PRO_INFO_URL}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} />}
          >
            {t('upgrade.learnMore')}
          </Button>
        </Stack>
      </Modal>
    </OpenedOnce>
  );
}
