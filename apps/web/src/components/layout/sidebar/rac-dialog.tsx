import { Anchor, Group, List, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconBrandUbuntu,
  IconBrandWindows,
  IconDeviceMobile,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';

/** Where installers are published; the console links there instead of bundling per-OS download logic. */
const RELEASES_URL = 'https://github.com/meshdeck/meshdeck/releases';
const STORE_LINKS = {
  android: 'https://play.google.com/store/search?q=wireguard&c=apps',
  ios: 'https://apps.apple.com/app/wireguard/id1441195209',
} as const;

const PLATFORMS = [
  { key: 'windows', icon: IconBrandWindows },
  { key: 'mac', icon: IconBrandApple },
  { key: 'linux', icon: IconBrandUbuntu },
] as const;

/** "Download Remote Access Client" (spec §2 "Dialogs"): numbered steps per platform, store links for mobile. */
export function RacDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal opened={opened} onClose={onClose} title={t('rac.title')} size="lg" centered>
      <Tabs defaultValue="windows">
        <Tabs.List>
          {PLATFORMS.map(({ key, icon: PlatformIcon }) => (
            <Tabs.Tab key={key} value={key} leftSection={<PlatformIcon size={16} />}>
              {t(`rac.${key}.tab`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="mobile" leftSection={<IconDeviceMobile size={16} />}>
            {t('rac.mobile.tab')}
          </Tabs.Tab>
        </Tabs.List>
        {PLATFORMS.map(({ key }) => (
          <Tabs.Panel key={key} value={key} pt="md">
            <Stack gap="sm">
              <Text fz="sm" c="dimmed">
                {t(`rac.${key}.requirements`)}
              </Text>
              <List type="ordered" spacing="xs" fz="sm">
                <List.Item>
                  {t(`rac.${key}.step1`)}{' '}
                  <Anchor href={RELEASES_URL} target="_blank" rel="noopener noreferrer">
                    {t('rac.releases')}
                  </Anchor>
                </List.Item>
                <List.Item>{t(`rac.${key}.step2`)}</List.Item>
                <List.Item>{t(`rac.${key}.step3`)}</List.Item>
              </List>
            </Stack>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="mobile" pt="md">
          <List type="ordered" spacing="xs" fz="sm">
            <List.Item>{t('rac.mobile.step1')}</List.Item>
            <List.Item>{t('rac.mobile.step2')}</List.Item>
            <List.Item>{t('rac.mobile.step3')}</List.Item>
          </List>
          <Stack gap={4} mt="md">
            <StoreLink
              icon={<IconBrandAndroid size={16} />}
              label={t('rac.mobile.android')}
              href={STORE_LINKS.android}
            />
            <StoreLink
              icon={<IconBrandApple size={16} />}
              label={t('rac.mobile.ios')}
              href={STORE_LINKS.ios}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function StoreLink({ icon, label, href }: { icon: React.ReactNode; label: string; href: string }) {
  const { t } = useTranslation('shell');
  return (
    <Group gap="xs" wrap="nowrap">
      {icon}
      <Anchor href={href} target="_blank" rel="noopener noreferrer" fz="sm">
        {label}
      </Anchor>
      <CopyButton value={href} label={t('rac.mobile.copyLink', { store: label })} />
    </Group>
  );
}
