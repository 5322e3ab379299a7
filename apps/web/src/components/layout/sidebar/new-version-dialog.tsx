import { Anchor, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { UPGRADE_DOCS_URL } from '@/lib/constants.ts';

export interface NewVersionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The feed's newest version, without the v. */
  latestVersion: string;
  /** This server's version as it reports it (v-prefixed). */
  currentVersion: string;
  isPro: boolean;
  /** The release's page from the feed, if it gave one. */
  releaseUrl: string;
}

const RESTART_COMMANDS = ['docker-compose down', 'docker-compose up -d'] as const;

/**
 * "New server version available" (spec §2 "Dialogs", §4 "Upgrade check"): edit the image tags in the environment
 * file (the server's tag carries the Pro suffix -ee, the UI's never does), then recreate the containers; a link
 * to the upgrade docs. Only self-hosted consoles ever open it.
 */
export function NewVersionDialog(props: NewVersionDialogProps) {
  return (
    <OpenedOnce opened={props.opened}>
      <NewVersionModal {...props} />
    </OpenedOnce>
  );
}

function NewVersionModal({
  opened,
  onClose,
  latestVersion,
  currentVersion,
  isPro,
  releaseUrl,
}: NewVersionDialogProps) {
  const { t } = useTranslation('shell');
  const uiTag = `v${latestVersion}`;
  const serverTag = isPro ? `${uiTag}-ee` : uiTag;
  return (
    <Modal opened={opened} onClose={onClose} title={t('newVersion.title')} centered size="lg">
      <Stack gap="sm">
        <Text fz="sm">
          {t('newVersion.intro', { latest: uiTag, current: currentVersion || t('tenant.unknown') })}
        </Text>
        <List type="ordered" spacing="sm" fz="sm">
          <List.Item>
            <Stack gap={4}>
              <Text fz="sm">{t('newVersion.editTags')}</Text>
              <Group gap="xs">
                <Text fz="sm">{t('newVersion.serverTag')}</Text>
                <Code>{serverTag}</Code>
                <CopyButton value={serverTag} label={t('newVersion.copyServerTag')} />
              </Group>
              <Group gap="xs">
                <Text fz="sm">{t('newVersion.uiTag')}</Text>
                <Code>{uiTag}</Code>
                <CopyButton value={uiTag} label={t('newVersion.copyUiTag')} />
              </Group>
            </Stack>
          </List.Item>
          <List.Item>
            <Stack gap={4}>
              <Text fz="sm">{t('newVersion.restart')}</Text>
              {RESTART_COMMANDS.map((command) => (
                <Group key={command} gap="xs" wrap="nowrap">
                  <Code>{command}</Code>
                  <CopyButton value={command} />
                </Group>
              ))}
            </Stack>
          </List.Item>
        </List>
        <Text fz="sm" c="dimmed">
          {t('newVersion.fromCheckout')}
        </Text>
        <Group gap="md">
          <Anchor href={UPGRADE_DOCS_URL} target="_blank" rel="noopener noreferrer" fz="sm">
            {t('newVersion.docs')}
          </Anchor>
          {releaseUrl && (
            <Anchor href={releaseUrl} target="_blank" rel="noopener noreferrer" fz="sm">
              {t('newVersion.releaseNotes')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
