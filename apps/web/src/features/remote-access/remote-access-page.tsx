import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { networkDisplayName } from '@meshdeck/contracts';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useList } from '@/lib/list/use-list.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import {
  useCanChangeInNetwork,
  useCanCreateClients,
  useIsPlatformAdmin,
  useNetworkWrites,
} from '@/lib/permissions.ts';
import { clientListSource } from './api/ext-clients.ts';
import { useDeleteGateway } from './api/gateway-mutations.ts';
import { useGatewayRows, type GatewayRow } from './api/gateways.ts';
import { clientFilter, compareClients } from './client-filters.ts';
import { clientSortField } from './clients-search.ts';
import { AddGatewayDialog } from './components/add-gateway-dialog.tsx';
import { ClientDialog } from './components/client-dialog.tsx';
import { ClientsTable } from './components/clients-table.tsx';
import { GatewayUsersDialog } from './components/gateway-users-dialog.tsx';
import { GatewaysTable } from './components/gateways-table.tsx';
import { UpdateGatewayDialog } from './components/update-gateway-dialog.tsx';
import { useClientActions } from './components/use-client-actions.tsx';

const DEFAULT_SORT = [{ id: 'id', desc: false }];
const routeApi = getRouteApi('/_layout/networks/$networkId/remote-access');

/**
 * /networks/{id}/remote-access (features §3.12): gateways and VPN config files side by side; selecting a
 * gateway filters the clients. Admin actions follow the session; the server enforces them on every call.
 */
export function RemoteAccessPage() {
  const { t } = useTranslation('remoteAccess');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  // Each button on the scope of its request (decision 053): making a gateway POSTs createingress, removing it
  // DELETEs deleteingress, editing it PUTs its node (hosts); its users are global (platform admins).
  const gatewayWrites = useNetworkWrites(networkId, 'remote_access_gw');
  const canEditGateway = useCanChangeInNetwork(networkId, 'hosts', 'update');
  const isAdmin = useIsPlatformAdmin();
  // Creating a client config: whoever may create clients, VPN users their own (their role's self-only grant).
  const canCreateClients = useCanCreateClients(networkId);
  const { status } = useServerStatus(useQueryClient());
  const isPro = status.isPro;
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  // Stable callbacks: a new onSelect each render gave the gateways table new columns on every keystroke in either
  // search (remote-access-page.scale.test.tsx, 10,000 gateways and clients in jsdom: a client-search keystroke
  // took ~84 ms with it, ~55 ms without).
  const setSearch = useCallback(
    (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const gatewayRows = useGatewayRows(networkId);
  const gatewayNames = useMemo(
    () => new Map(gatewayRows.gateways.map((row) => [row.id, row.name])),
    [gatewayRows.gateways],
  );
  const source = useMemo(() => clientListSource(networkId), [networkId]);
  const match = useMemo(
    () => clientFilter({ search: search.search, gateway: search.gateway }),
    [search.search, search.gateway],
  );
  const compare = useMemo(() => compareClients(search.sort, gatewayNames), [search.sort, gatewayNames]);
  const clients = useList(source, match, compare);
  const clientActions = useClientActions({ gateways: gatewayRows.gateways, isPro });
  const network = useNetworks().data?.find((item) => item.netId === networkId);
  const networkRanges = [network?.addressRange, network?.addressRange6].filter(
    (range) => !!range,
  ) as string[];

  const [isAddingGateway, setIsAddingGateway] = useState(false);
  const [isCreatingClient, setIsCreatingClient] = useState(false);
  const [editGateway, setEditGateway] = useState<GatewayRow>();
  const [usersGateway, setUsersGateway] = useState<GatewayRow>();
  const [deletingGateway, setDeletingGateway] = useState<GatewayRow>();
  const deleteGateway = useDeleteGateway();
  const selectGateway = useCallback(
    (gatewayId: string | undefined) => setSearch({ gateway: gatewayId }),
    [setSearch],
  );

  const handleDeleteGateway = () => {
    if (!deletingGateway) return;
    deleteGateway.mutate(
      { network: networkId, nodeId: deletingGateway.id },
      {
        onSuccess: () => {
          notifySuccess(t('gateways.deleted', { name: deletingGateway.name }));
          if (search.gateway === deletingGateway.id) selectGateway(undefined);
        },
        onError: (error) => notifyFailure(t('gateways.deleteFailed'), error),
        onSettled: () => setDeletingGateway(undefined),
      },
    );
  };

  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages('remote-access.title')}
        description={tPages('remote-access.description')}
        icon={<PageIcon page="remote-access" />}
        breadcrumbs={[
          { label: tPages('networks.title'), href: paths.networks() },
          { label: networkDisplayName(networkId), href: paths.network(networkId) },
          { label: tPages('remote-access.title') },
        ]}
      />
      {/* Side by side only where both tables keep their columns whole; below, one above the other (issue 30). */}
      <SimpleGrid type="container" cols={{ base: 1, '1500px': 2 }} spacing="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('gateways.title')}
            </Title>
            {gatewayWrites.canCreate && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setIsAddingGateway(true)}>
                {t('gateways.create')}
              </Button>
            )}
          </Group>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('gateways.search')}
            aria-label={t('gateways.search')}
            value={search.gatewaySearch ?? ''}
            onChange={(event) => setSearch({ gatewaySearch: event.currentTarget.value })}
          />
          <GatewaysTable
            gateways={gatewayRows.gateways}
            query={gatewayRows}
            search={search.gatewaySearch ?? ''}
            selectedId={search.gateway}
            onSelect={selectGateway}
            canEdit={canEditGateway}
            canDelete={gatewayWrites.canDelete}
            hasUsers={isPro && isAdmin}
            onEdit={setEditGateway}
            onUsers={setUsersGateway}
            onDelete={setDeletingGateway}
          />
        </Stack>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('clients.title')}
            </Title>
            {canCreateClients && (
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setIsCreatingClient(true)}
              >
                {t('clients.create')}
              </Button>
            )}
          </Group>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('clients.search')}
            aria-label={t('clients.search')}
            value={search.search ?? ''}
            onChange={(event) => setSearch({ search: event.currentTarget.value })}
          />
          <ClientsTable
            rows={clients.rows}
            query={clients}
            totalCount={clients.all.length}
            gatewayNames={gatewayNames}
            sorting={paramToSorting(search.sort, DEFAULT_SORT)}
            onSortingChange={(sorting) => setSearch({ sort: clientSortField(sortingToParam(sorting)) })}
            height="calc(100dvh - 330px)"
            {...clientActions.tableProps}
          />
        </Stack>
      </SimpleGrid>
      <AddGatewayDialog
        opened={isAddingGateway}
        networkId={networkId}
        candidates={gatewayRows.candidates}
        isPro={isPro}
        onClose={() => setIsAddingGateway(false)}
        onCreated={selectGateway}
      />
      <UpdateGatewayDialog gateway={editGateway} onClose={() => setEditGateway(undefined)} />
      <GatewayUsersDialog gateway={usersGateway} onClose={() => setUsersGateway(undefined)} />
      <ConfirmDialog
        opened={deletingGateway !== undefined}
        title={t('gateways.deleteTitle')}
        message={t('gateways.deleteMessage', { name: deletingGateway?.name ?? '' })}
        confirmLabel={t('gateways.delete')}
        isPending={deleteGateway.isPending}
        onConfirm={handleDeleteGateway}
        onClose={() => setDeletingGateway(undefined)}
      />
      <ClientDialog
        opened={isCreatingClient}
        networkId={networkId}
        networkRanges={networkRanges}
        gateways={gatewayRows.gateways}
        candidates={gatewayWrites.canCreate ? gatewayRows.candidates : []}
        gatewayId={search.gateway}
        isPro={isPro}
        onClose={() => setIsCreatingClient(false)}
      />
      {clientActions.dialogs}
    </Stack>
  );
}
