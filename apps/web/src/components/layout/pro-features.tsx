import { Button, List, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where the Pro edition is described. */
export const PRO_INFO_URL = 'https://github.com/meshdeck/meshdeck#editions';

/** What the Pro edition adds and how it is enabled: the upgrade dialog's and the upgrade page's body. */
export function ProFeatures() {
  const { t } = useTranslation('shell');
  return (
    <>
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
        style={{ alignSelf: 'flex-start' }}
      >
        {t('upgrade.learnMore')}
      </Button>
    </>
  );
}
