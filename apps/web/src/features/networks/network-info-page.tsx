import { Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { paths } from '@/lib/paths.ts';
import { NetworkInfo } from './components/network-info.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/info');

/** /networks/$networkId/info: the network's settings (the same view as the analytics Network Info tab). */
export function NetworkInfoPage() {
  const { t } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('info.title')}
        description={t('info.description')}
        icon={<PageIcon page="info" />}
        breadcrumbs={[
          { label: t('networks.title'), href: paths.networks() },
          { label: networkId, href: paths.network(networkId) },
          { label: t('info.title') },
        ]}
      />
      <NetworkInfo networkId={networkId} />
    </Stack>
  );
}
