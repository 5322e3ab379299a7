import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServerHealthState } from '@/lib/server-status.ts';
import { trialPhase } from './server-health.ts';

/**
 * The Pro trial countdown (spec §4 "Trial"). `now` is a prop so tests and the shell agree on the clock; the
 * banner re-reads it on every status poll, which is often enough for a message counted in days.
 */
export function TrialBanner({ status, now = new Date() }: { status: ServerHealthState; now?: Date }) {
  const { t } = useTranslation('shell');
  const trial = status.isPro ? trialPhase(status, now) : null;
  if (!trial) return null;
  const text =
    trial.phase === 'days'
      ? t('trial.daysLeft', { count: trial.daysLeft })
      : trial.phase === 'last-day'
        ? t('trial.lastDay')
        : t('trial.ended');
  return (
    <Alert
      color={trial.phase === 'days' ? 'blue' : 'orange'}
      icon={<IconClockHour4 size={18} />}
      variant="light"
      role="status"
    >
      {text}
    </Alert>
  );
}
