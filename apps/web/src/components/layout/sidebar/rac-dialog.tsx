import { Alert, Anchor, Code, Group, List, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandUbuntu,
  IconBrandWindows,
  IconDeviceMobile,
  IconInfoCircle,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';

/**
 * Meshdeck has no remote-access app of its own: its client configurations are plain WireGuard files, so the
 * steps point at the official WireGuard apps. Every link below is a published download of the WireGuard
 * project or an app-store page of it (no release page of a Meshdeck client that does not exist).
 */
export const WIREGUARD_LINKS = {
  install: 'https://www.wireguard.com/install/',
  windows: 'https://download.wireguard.com/windows-client/wireguard-installer.exe',
  mac: 'https://apps.apple.com/app/wireguard/id1451685025',
  android: 'https://play.google.com/store/apps/details?id=com.wireguard.android',
  ios: 'https://apps.apple.com/app/wireguard/id1441195209',
} as const;

/** The interface name wg-quick derives from the file name must fit in 15 characters, so the steps pick one. */
const LINUX_COMMANDS = {
  debian: 'sudo apt install wireguard-tools',
  fedora: 'sudo dnf install wireguard-tools',
  copy: 'sudo install -m 600 ~/Downloads/<clientid>.conf /etc/wireguard/meshdeck.conf',
  up: 'sudo wg-quick up meshdeck',
  boot: 'sudo systemctl enable --now wg-quick@meshdeck',
} as const;

type Step = { text: string; link?: { href: string; label: string }; commands?: readonly string[] };

function CopyValue({ value }: { value: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value} />
    </Group>
  );
}

function Steps({ steps }: { steps: Step[] }) {
  const { t } = useTranslation('remoteAccess');
  return (
    <List type="ordered" spacing="sm" fz="sm">
      {steps.map((step) => (
        <List.Item key={step.text}>
          <Stack gap={4}>
            <Text fz="sm">{step.text}</Text>
            {step.link && (
              <Group gap={4} wrap="nowrap">
                <Anchor href={step.link.href} target="_blank" rel="noopener noreferrer" fz="sm">
                  {step.link.label}
                </Anchor>
                <CopyButton value={step.link.href} label={t('rac.copyLink', { name: step.link.label })} />
              </Group>
            )}
            {step.commands?.map((command) => (
              <CopyValue key={command} value={command} />
            ))}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * "Download Remote Access Client" (spec §2 "Dialogs", pro): numbered steps per platform with copyable links
 * and commands; it says plainly that the client is the standard WireGuard app fed with a downloaded config.
 */
export function RacDialog(props: { opened: boolean; onClose: () => void }) {
  return (
    <OpenedOnce opened={props.opened}>
      {/* Its texts (remoteAccess) download on the first opening (decision 044); the shell stays as it is meanwhile. */}
      <Suspense fallback={null}>
        <RacModal {...props} />
      </Suspense>
    </OpenedOnce>
  );
}

function RacModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('remoteAccess');
  const getConfig = { text: t('rac.getConfig') };
  const platforms = [
    {
      key: 'windows',
      icon: IconBrandWindows,
      steps: [
        {
          text: t('rac.windows.install'),
          link: { href: WIREGUARD_LINKS.windows, label: t('rac.windows.link') },
        },
        getConfig,
        { text: t('rac.windows.import') },
        { text: t('rac.windows.activate') },
      ],
    },
    {
      key: 'mac',
      icon: IconBrandApple,
      steps: [
        { text: t('rac.mac.install'), link: { href: WIREGUARD_LINKS.mac, label: t('rac.mac.link') } },
        getConfig,
        { text: t('rac.mac.import') },
        { text: t('rac.mac.activate') },
      ],
    },
    {
      key: 'linux',
      icon: IconBrandUbuntu,
      steps: [
        { text: t('rac.linux.install'), commands: [LINUX_COMMANDS.debian, LINUX_COMMANDS.fedora] },
        getConfig,
        { text: t('rac.linux.place'), commands: [LINUX_COMMANDS.copy] },
        { text: t('rac.linux.up'), commands: [LINUX_COMMANDS.up] },
        { text: t('rac.linux.boot'), commands: [LINUX_COMMANDS.boot] },
      ],
    },
    {
      key: 'mobile',
      icon: IconDeviceMobile,
      steps: [
        {
          text: t('rac.mobile.installAndroid'),
          link: { href: WIREGUARD_LINKS.android, label: t('rac.mobile.android') },
        },
        { text: t('rac.mobile.installIos'), link: { href: WIREGUARD_LINKS.ios, label: t('rac.mobile.ios') } },
        { text: t('rac.mobile.showQr') },
        { text: t('rac.mobile.scan') },
      ],
    },
  ] as const;
  return (
    <Modal opened={opened} onClose={onClose} title={t('rac.title')} size="lg" centered>
      <Stack gap="md">
        <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
          <Text fz="sm">{t('rac.noOwnClient')}</Text>
        </Alert>
        <Tabs defaultValue="windows">
          <Tabs.List>
            {platforms.map(({ key, icon: PlatformIcon }) => (
              <Tabs.Tab key={key} value={key} leftSection={<PlatformIcon size={16} />}>
                {t(`rac.${key}.tab`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {platforms.map(({ key, steps }) => (
            <Tabs.Panel key={key} value={key} pt="md">
              <Steps steps={[...steps]} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Modal>
  );
}
