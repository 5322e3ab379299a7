import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format.ts';
import { KEY_STATUS_COLOR, keyStatus } from './key-status.ts';

/** The key's type with its limit: uses remaining or the expiry date. */
export function KeyTypeText({ keyItem }: { keyItem: EnrollmentKeyItem }) {
  const { t } = useTranslation('keys');
  if (keyItem.kind === 'uses')
    return <Text size="sm">{t('kindWithUses', { count: keyItem.usesRemaining })}</Text>;
  if (keyItem.kind === 'time')
    return <Text size="sm">{t('kindWithExpiry', { date: formatDate(keyItem.expiresAt) })}</Text>;
  return <Text size="sm">{t(`kind.${keyItem.kind}`)}</Text>;
}

/** Valid / expired / used up. */
export function KeyStatusBadge({ keyItem }: { keyItem: EnrollmentKeyItem }) {
  const { t } = useTranslation('keys');
  const status = keyStatus(keyItem);
  return (
    <Group gap={4}>
      <Badge variant="light" color={KEY_STATUS_COLOR[status]}>
        {t(`status.${status}`)}
      </Badge>
    </Group>
  );
}
