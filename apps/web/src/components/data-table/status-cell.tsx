import type { PointerEvent } from 'react';
import { i18next } from '@/i18n/index.ts';
import { formatAgo, formatDate } from '@/lib/format.ts';
import { statusDisplay } from '@/lib/node-health.ts';
import { RowBadge } from './row-badge.tsx';

export interface StatusCellProps {
  status: string;
  /** Unix seconds; 0 = never. */
  lastCheckIn: number;
  isConnected?: boolean;
}

/**
 * The status badge of a list row: the spec's label and colour, with why and the last check-in as the native
 * tooltip. A Mantine Tooltip per row costs a floating-ui instance per visible row, which shows while scrolling
 * 10,000 rows; the full StatusBadge stays on detail pages. No hooks: it translates through the i18n instance
 * (a row re-renders on a language change because its table's columns change with the language), so a row coming
 * into view does not subscribe to i18n events.
 */
export function StatusCell({ status, lastCheckIn, isConnected = true }: StatusCellProps) {
  const display = statusDisplay(status);
  // The tooltip text (a date format and a relative time) is built on hover, not for every row that scrolls by.
  const handlePointerEnter = (event: PointerEvent<HTMLElement>) => {
    const t = i18next.getFixedT(null, 'nodes');
    const reason =
      !isConnected && status === 'offline' ? t('status.why.disconnected') : t(`status.why.${display.label}`);
    const date = lastCheckIn > 0 ? new Date(lastCheckIn * 1000) : undefined;
    const checkIn = date
      ? t('status.lastCheckIn', { date: formatDate(date), ago: formatAgo(date) })
      : t('status.neverCheckedIn');
    event.currentTarget.title = `${reason}\n${checkIn}`;
  };
  return (
    <RowBadge color={display.color} data-status={display.label} onPointerEnter={handlePointerEnter}>
      {i18next.t(`status.${display.label}`, { ns: 'nodes' })}
    </RowBadge>
  );
}
