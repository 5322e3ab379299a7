import { Alert, Stack } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isServerHealthy, type ServerHealthState } from '@/lib/server-status.ts';
import { trialPhase } from './server-health.ts';
import { TrialBanner } from './trial-banner.tsx';

/** The spec's banners (§8 "Banners"): unhealthy or unreachable server, broker fallback, and the Pro trial. */
export function HealthBanners({ status }: { status: ServerHealthState }) {
  const { t } = useTranslation(['shell', 'common']);
  const ref = useBannersHeight();
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
    <Stack ref={ref} gap="xs" p="md" pb={0}>
      {banners.map((banner) => (
        <Alert key={banner.key} color={banner.color} icon={banner.icon} role="alert" variant="light">
          {banner.text}
        </Alert>
      ))}
      <TrialBanner status={status} />
    </Stack>
  );
}

/** The CSS variable that holds the banners' height, so full-height lists leave room for them (LIST_HEIGHT). */
export const BANNERS_HEIGHT_VARIABLE = '--md-banners-height';

/**
 * Publishes the banners' height on the document while they show (0 when they go), so a list sized to the window
 * (a trial banner on every Pro page, a broker warning) still fits it instead of pushing the page past the fold.
 */
function useBannersHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    const root = document.documentElement.style;
    if (!element) return;
    const publish = () => root.setProperty(BANNERS_HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.setProperty(BANNERS_HEIGHT_VARIABLE, '0px');
    };
  });
  return ref;
}
