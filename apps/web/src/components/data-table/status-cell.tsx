import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { memo, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format.ts';
import { statusDisplay } from '@/lib/node-health.ts';

dayjs.extend(relativeTime);

export interface StatusCellProps {
  status: string;
  /** Unix seconds; 0 = never. */
  lastCheckIn: number;
  isConnected?: boolean;
}

/**
 * The status badge of a list row: the spec's label and colour, with why and the last check-in as the native
 * tooltip. A Mantine Tooltip per row costs a floating-ui instance per visible row, which shows while scrolling
 * 10,000 rows; the full StatusBadge stays on detail pages.
 */
export const StatusCell = memo(function StatusCell({
  status,
  lastCheckIn,
  isConnected = true,
}: StatusCellProps) {
  const { t } = useTranslation('nodes');
  const display = statusDisplay(status);
  // The tooltip text (a date format and a relative time) is built on hover, not for every row that scrolls by.
  const handlePointerEnter = (event: PointerEvent<HTMLElement>) => {
    const reason =
      !isConnected && status === 'offline' ? t('status.why.disconnected') : t(`status.why.${display.label}`);
    const date = lastCheckIn > 0 ? new Date(lastCheckIn * 1000) : undefined;
    const checkIn = date
      ? t('status.lastCheckIn', { date: formatDate(date), ago: dayjs(date).fromNow() })
      : t('status.neverCheckedIn');
    event.currentTarget.title = `${reason}\n${checkIn}`;
  };
  return (
    <Badge
      color={display.color}
      variant="light"
      data-status={display.label}
      onPointerEnter={handlePointerEnter}
    >
      {t(`status.${display.label}`)}
    </Badge>
  );
});
