import { Alert, Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useNetworks } from '@/lib/networks-query.ts';
import { NetworkSettingsForm } from './network-settings-form.tsx';

/** Loads one network from the shared list and shows its settings form; keyed so a switch starts fresh. */
export function NetworkInfo({ networkId }: { networkId: string }) {
  const { t } = useTranslation('networks');
  const networks = useNetworks();
  const network = networks.data?.find((item) => item.netId === networkId);
  if (networks.isPending) return <CenteredLoader fullHeight={false} />;
  // A failed read is not "no such network".
  if (networks.error && !network) return <LoadError error={networks.error} onRetry={networks.refetch} />;
  if (!network) return <Alert color="red">{t('notFound')}</Alert>;
  return (
    <Card withBorder padding="lg">
      <NetworkSettingsForm key={`${network.netId}:${network.networkLastModified}`} network={network} />
    </Card>
  );
}
