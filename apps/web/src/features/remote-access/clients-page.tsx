import { Group, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { FilterSelect } from '@/components/ui/filter-select.tsx';
import { SegmentedFilter } from '@/components/ui/segmented-filter.tsx';
import { useList } from '@/lib/list/use-list.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import { useAllGateways } from './api/all-gateways.ts';
import { clientListSource } from './api/ext-clients.ts';
import { clientFilter, compareClients } from './client-filters.ts';
import { clientEnabledField, clientSortField } from './clients-search.ts';
import { ClientsTable } from './components/clients-table.tsx';
import { useClientActions } from './components/use-client-actions.tsx';

const DEFAULT_SORT = [{ id: 'id', desc: false }];
const source = clientListSource(undefined);
const routeApi = getRouteApi('/_layout/clients');

/** /clients: every remote-access client the user may see, across networks, with search and filters. */
export function ClientsPage() {
  const { t } = useTranslation('remoteAccess');
  const { t: tPages } = useTranslation('pages');
  const { status } = useServerStatus(useQueryClient());
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const gateways = useAllGateways();
  const gatewayNames = useMemo(() => new Map(gateways.map((row) => [row.id, row.name])), [gateways]);
  const match = useMemo(
    () =>
      clientFilter({
        search: search.search,
        network: search.network,
        gateway: search.gateway,
        enabled: search.enabled,
        owner: search.owner,
      }),
    [search.search, search.network, search.gateway, search.enabled, search.owner],
  );
  const compare = useMemo(() => compareClients(search.sort, gatewayNames), [search.sort, gatewayNames]);
  const clients = useList(source, match, compare);
  const actions = useClientActions({ gateways, isPro: status.isPro });

  // Filter choices come from the clients themselves, so every choice shows at least one row.
  const choices = useMemo(() => {
    const networks = new Set<string>();
    const owners = new Set<string>();
    const gatewayIds = new Set<string>();
    for (const row of clients.all) {
      networks.add(row.network);
      if (row.ownerId) owners.add(row.ownerId);
      gatewayIds.add(row.gatewayNodeId);
    }
    const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b));
    return {
      networks: sorted(networks),
      owners: sorted(owners),
      gateways: sorted(gatewayIds).map((id) => ({ value: id, label: gatewayNames.get(id) ?? id })),
    };
  }, [clients.all, gatewayNames]);

  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('clients.title')}
        description={tPages('clients.description')}
        icon={<PageIcon page="clients" />}
        breadcrumbs={[
          { label: tPages('dashboard.title'), href: paths.dashboard() },
          { label: tPages('clients.title') },
        ]}
      />
      <Group gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('clients.search')}
          aria-label={t('clients.search')}
          value={search.search ?? ''}
          onChange={(event) => setSearch({ search: event.currentTarget.value })}
          w={280}
        />
        <FilterSelect
          aria-label={t('clients.columns.network')}
          placeholder={t('clients.columns.network')}
          searchable
          data={choices.networks}
          value={search.network ?? null}
          onChange={(value) => setSearch({ network: value ?? undefined })}
          w={180}
        />
        <FilterSelect
          aria-label={t('clients.columns.gateway')}
          placeholder={t('clients.columns.gateway')}
          searchable
          data={choices.gateways}
          value={search.gateway ?? null}
          onChange={(value) => setSearch({ gateway: value ?? undefined })}
          w={180}
        />
        <FilterSelect
          aria-label={t('clients.columns.owner')}
          placeholder={t('clients.columns.owner')}
          searchable
          data={choices.owners}
          value={search.owner ?? null}
          onChange={(value) => setSearch({ owner: value ?? undefined })}
          w={180}
        />
        <SegmentedFilter
          label={t('clients.columns.enabled')}
          value={search.enabled ?? 'all'}
          onChange={(value) => setSearch({ enabled: clientEnabledField(value) })}
          data={[
            { value: 'all', label: t('clients.all') },
            { value: 'yes', label: t('clients.columns.enabled') },
            { value: 'no', label: t('clients.disabledOnly') },
          ]}
        />
      </Group>
      <ClientsTable
        rows={clients.rows}
        query={clients}
        totalCount={clients.all.length}
        gatewayNames={gatewayNames}
        hasNetworkColumn
        sorting={paramToSorting(search.sort, DEFAULT_SORT)}
        onSortingChange={(sorting) => setSearch({ sort: clientSortField(sortingToParam(sorting)) })}
        {...actions.tableProps}
      />
      {actions.dialogs}
    </Stack>
  );
}
