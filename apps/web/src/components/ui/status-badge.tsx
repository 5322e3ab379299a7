import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAgo, formatDate } from '@/lib/format.ts';
import { statusDisplay } from '@/lib/node-health.ts';

export interface StatusBadgeProps {
  /** The server's status value (online, offline, warning, error, enabled, disabled ...). */
  status: string | null | undefined;
  lastCheckIn?: Date | undefined;
  /** False when an administrator disconnected the node: the usual reason it reads offline. */
  isConnected?: boolean;
  /** Hide the check-in line, e.g. for clients that never check in. */
  hasCheckIn?: boolean;
}

/**
 * A status label in the spec's colours with a tooltip that says why: what the status means and when the node
 * last checked in. The reference shows health with no explanation (features §6.6).
 */
export function StatusBadge({
  status,
  lastCheckIn,
  isConnected = true,
  hasCheckIn = true,
}: StatusBadgeProps) {
  const { t } = useTranslation('nodes');
  const display = statusDisplay(status);
  const reason =
    !isConnected && status === 'offline' ? t('status.why.disconnected') : t(`status.why.${display.label}`);
  const checkIn = lastCheckIn
    ? t('status.lastCheckIn', { date: formatDate(lastCheckIn), ago: formatAgo(lastCheckIn) })
    : t('status.neverCheckedIn');
  return (
    <Tooltip
      withArrow
      multiline
      w={280}
      label={
        <Stack gap={2}>
          <Text size="xs">{reason}</Text>
          {hasCheckIn && <Text size="xs">{checkIn}</Text>}
        </Stack>
      }
    >
      <Badge color={display.color} variant="light" data-status={display.label} style={{ cursor: 'help' }}>
        {t(`status.${display.label}`)}
      </Badge>
    </Tooltip>
  );
}
