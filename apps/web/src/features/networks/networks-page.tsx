import { Group, Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigTransferButtons } from '@/components/config-transfer/config-transfer-buttons.tsx';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { DeleteNetworkDialog } from './components/delete-network-dialog.tsx';
import { NetworksOverview } from './components/networks-overview.tsx';
import type { NetworkRow } from './components/networks-table.tsx';

const routeApi = getRouteApi('/_layout/networks');

/** /networks (features §3.10): every network with search, sort, reload, create and delete. */
export function NetworksPage() {
  const { t } = useTranslation('pages');
  const [toDelete, setToDelete] = useState<NetworkRow | null>(null);
  const url = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  // Deleting a network is a global write: only platform admins get the row menu (spec §6).
  const isAdmin = useIsPlatformAdmin();
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('networks.title')}
        description={t('networks.description')}
        icon={<PageIcon page="networks" />}
        breadcrumbs={[
          { label: t('dashboard.title'), href: paths.dashboard() },
          { label: t('networks.title') },
        ]}
      />
      {isAdmin && (
        <Group justify="flex-end" px="md">
          <ConfigTransferButtons />
        </Group>
      )}
      <NetworksOverview
        url={url}
        onUrlChange={(patch) => void navigate({ search: patchSearch(patch), replace: true })}
        onDelete={isAdmin ? setToDelete : undefined}
      />
      <DeleteNetworkDialog network={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
