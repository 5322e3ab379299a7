import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';

/** The rule's signing secret, shown this once (the server never shows it again). */
export function SecretDialog({
  secret,
  ruleName,
  onClose,
}: {
  secret: string | undefined;
  ruleName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('alerts');
  return (
    <Modal
      opened={secret !== undefined}
      onClose={onClose}
      title={t('secret.title', { name: ruleName })}
      centered
    >
      <Stack>
        <Alert color="yellow">{t('secret.once')}</Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret ?? ''} label={t('secret.copy')} />
        </Group>
        <Text fz="sm" c="dimmed">
          {t('secret.howTo')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
