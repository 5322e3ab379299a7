import { Button, Card, Group, TextInput } from '@mantine/core';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import type { ListSearch } from '@/lib/search-fields.ts';
import { useNetworkNodeCounts } from '../api/get-network-stats.ts';
import { NetworksTable, type NetworkRow } from './networks-table.tsx';

const DEFAULT_SORT = [{ id: 'name', desc: false }];

/**
 * Toolbar and networks table. Its search and sort live in the URL (`?search=`, `?sort=`): the route that
 * shows it validates them (lib/search-fields.ts) and its page passes them in with the setter. Used by
 * the dashboard as is and by the networks page with delete buttons.
 */
export function NetworksOverview({
  url,
  onUrlChange,
  onDelete,
}: {
  url: ListSearch;
  onUrlChange: (patch: ListSearch) => void;
  onDelete?: (row: NetworkRow) => void;
}) {
  const { t } = useTranslation('networks');
  const navigate = useNavigate();
  const networks = useNetworks();
  const counts = useNetworkNodeCounts();
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  const isAdmin = useIsPlatformAdmin();
  const rows = useMemo<NetworkRow[]>(
    () =>
      (networks.data ?? []).map((network) => ({ ...network, nodeCount: counts.data?.[network.netId] ?? 0 })),
    [networks.data, counts.data],
  );
  const handleReload = () => void Promise.all([networks.refetch(), counts.refetch()]);
  const handleOpen = (row: NetworkRow) => {
    useSession.getState().setActiveNetwork(row.netId);
    void navigate({ href: paths.network(row.netId) });
  };

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={url.search ?? ''}
          onChange={(event) => onUrlChange({ search: event.currentTarget.value })}
          w={{ base: '100%', sm: 280 }}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={handleReload}
            loading={networks.isFetching}
          >
            {t('reload')}
          </Button>
          {isAdmin && (
            <Button leftSection={<IconPlus size={16} />} onClick={openCreateNetwork}>
              {t('create')}
            </Button>
          )}
        </Group>
      </Group>
      <NetworksTable
        rows={rows}
        search={url.search ?? ''}
        sorting={paramToSorting(url.sort, DEFAULT_SORT)}
        onSortingChange={(sorting) => onUrlChange({ sort: sortingToParam(sorting) })}
        onRowClick={handleOpen}
        onDelete={onDelete}
        query={networks}
        empty={
          <EmptyState
            icon={<PageIcon page="networks" size={28} />}
            title={t('empty.title')}
            description={t('empty.text')}
          />
        }
        noMatch={
          <EmptyState
            icon={<PageIcon page="networks" size={28} />}
            title={t('emptySearch')}
            description={t('emptySearchText')}
          />
        }
      />
    </Card>
  );
}
