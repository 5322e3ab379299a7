import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isServerHealthy, type ServerHealthState } from '@/lib/server-status.ts';
import { trialPhase } from './server-health.ts';
import { TrialBanner } from './trial-banner.tsx';

/** The spec's banners (§8 "Banners"): unhealthy or unreachable server, broker fallback, and the Pro trial. */
export function HealthBanners({ status }: { status: ServerHealthState }) {
  const { t } = useTranslation(['shell', 'common']);
  const product = t('common:appName');
  const banners: { key: string; text: string; icon: React.ReactNode; color: string }[] = [];
  if (!isServerHealthy(status)) {
    banners.push({
      key: 'unhealthy',
      color: 'red',
      icon: <IconAlertTriangle size={18} />,
      text: status.isNetworkHealthy
        ? t('health.unhealthy', { product })
        : t('health.unreachable', { product }),
    });
  }
  if (status.isNetworkHealthy && !status.isBrokerConnected) {
    banners.push({
      key: 'broker',
      color: 'yellow',
      icon: <IconPlugConnectedX size={18} />,
      text: t('health.broker'),
    });
  }
  const hasTrial = status.isPro && trialPhase(status, new Date()) !== null;
  if (banners.length === 0 && !hasTrial) return null;
  return (
    <Stack gap="xs" p="md" pb={0}>
      {banners.map((banner) => (
        <Alert key={banner.key} color={banner.color} icon={banner.icon} role="alert" variant="light">
          {banner.text}
        </Alert>
      ))}
      <TrialBanner status={status} />
    </Stack>
  );
}
