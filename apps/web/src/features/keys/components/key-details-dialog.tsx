import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Code, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { formatDate } from '@/lib/format.ts';
import { KeyStatusBadge, KeyTypeText } from './key-type-text.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children || '—'}</Text> : children}
    </Stack>
  );
}

export interface KeyDetailsDialogProps {
  keyItem: EnrollmentKeyItem | undefined;
  relayName: string | undefined;
  onClose: () => void;
}

/** Everything about one key, with its join token ready to copy (features §3.21). */
export function KeyDetailsDialog({ keyItem, relayName, onClose }: KeyDetailsDialogProps) {
  const { t } = useTranslation('keys');
  return (
    <Modal opened={keyItem !== undefined} onClose={onClose} title={keyItem?.name} size="lg" centered>
      {keyItem && (
        <Stack>
          <Field label={t('details.token')}>
            {keyItem.token === '' ? (
              // The server hides the token from roles that may not create keys (an auditor): it would join hosts.
              <Text c="dimmed" size="sm" data-testid="key-token-hidden">
                {t('details.tokenHidden')}
              </Text>
            ) : (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code block style={{ wordBreak: 'break-all', flex: 1 }} data-testid="key-token">
                  {keyItem.token}
                </Code>
                <CopyButton value={keyItem.token} label={t('details.copyToken')} />
              </Group>
            )}
          </Field>
          <SimpleGrid cols={2}>
            <Field label={t('columns.type')}>
              <KeyTypeText keyItem={keyItem} />
            </Field>
            <Field label={t('columns.status')}>
              <KeyStatusBadge keyItem={keyItem} />
            </Field>
            <Field label={t('details.unlimited')}>{keyItem.kind === 'unlimited' ? t('yes') : t('no')}</Field>
            <Field label={t('details.usesRemaining')}>{String(keyItem.usesRemaining)}</Field>
            <Field label={t('details.expiresAt')}>{formatDate(keyItem.expiresAt)}</Field>
            <Field label={t('columns.networks')}>{keyItem.networks.join(', ')}</Field>
            <Field label={t('columns.relay')}>{relayName ?? ''}</Field>
            <Field label={t('details.groups')}>{keyItem.groups.join(', ')}</Field>
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
