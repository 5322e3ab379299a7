import type { NodeListItem } from '@meshdeck/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconPlus, IconWorldWww } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowLink } from '@/components/data-table/row-link.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { InternetGatewayDialog } from '@/components/routing/lazy-dialogs.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { describeError } from '@/lib/error-message.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useCanManageNetwork } from '@/lib/permissions.ts';
import { InetClientRowMenu, InetGatewayRowMenu } from './components/inet-row-menus.tsx';
import { RoleTable } from './components/role-table.tsx';
import { rowText, searchRows, useNetworkRows } from './routing-rows.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/internet-gateways');
const column = createColumnHelper<NodeListItem>();
const rowId = (item: NodeListItem) => item.id;
const addresses = (item: NodeListItem) => [item.address, item.address6].filter(Boolean).join(', ');

/** /networks/$networkId/internet-gateways: internet gateways and the nodes routed through them (§3.15, Pro). */
export function InternetGatewaysPage() {
  const { t } = useTranslation('routing');
  const { t: tPages } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = useCallback(
    (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const canManage = useCanManageNetwork(networkId);
  const [isCreating, setIsCreating] = useState(false);
  const list = useNetworkRows(networkId);
  const gateways = useMemo(
    () => list.rows.filter((item) => item.flags.includes('internetGateway')),
    [list.rows],
  );
  const clients = useMemo(
    () => list.rows.filter((item) => item.internetGatewayId !== undefined),
    [list.rows],
  );
  const shownGateways = useMemo(
    () => searchRows(gateways, search.gateways, rowText),
    [gateways, search.gateways],
  );
  const shownClients = useMemo(
    () =>
      searchRows(
        clients,
        search.clients,
        (item) => `${rowText(item)} ${(list.names.get(item.internetGatewayId ?? '') ?? '').toLowerCase()}`,
      ),
    [clients, search.clients, list.names],
  );
  const hostCell = useCallback(
    (item: NodeListItem) => <RowLink href={paths.networkHost(networkId, item.hostId)}>{item.name}</RowLink>,
    [networkId],
  );

  const gatewayColumns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('columns.name'),
        cell: (info) => hostCell(info.row.original),
      }),
      column.accessor(addresses, { id: 'addresses', meta: { isKey: true }, header: t('columns.addresses') }),
      column.accessor('endpoint', { header: t('columns.endpoint') }),
      ...(canManage
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => <InetGatewayRowMenu gateway={info.row.original} />,
            }),
          ]
        : []),
    ],
    [t, hostCell, canManage],
  );
  const clientColumns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('columns.name'),
        cell: (info) => hostCell(info.row.original),
      }),
      column.accessor(addresses, { id: 'addresses', header: t('columns.addresses') }),
      column.accessor(
        (item) => list.names.get(item.internetGatewayId ?? '') ?? item.internetGatewayId ?? '',
        {
          id: 'gateway',
          meta: { isKey: true },
          header: t('columns.internetGateway'),
        },
      ),
      ...(canManage
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => (
                <InetClientRowMenu node={info.row.original} clients={clients} names={list.names} />
              ),
            }),
          ]
        : []),
    ],
    [t, hostCell, list.names, clients, canManage],
  );

  const createButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
      {t('inet.create')}
    </Button>
  );
  return (
    <Stack p="md" gap="lg">
      <PageHeader
        title={tPages('internet-gateways.title')}
        breadcrumbs={pageCrumbs(tPages, 'internet-gateways', networkId)}
        description={tPages('internet-gateways.description')}
        icon={<IconWorldWww size={24} />}
        actions={gateways.length > 0 ? createButton : undefined}
      />
      {list.error && <Alert color="red">{describeError(list.error)}</Alert>}
      {list.isPending ? (
        <CenteredLoader />
      ) : gateways.length === 0 ? (
        <EmptyState
          icon={<IconWorldWww size={28} />}
          title={t('inet.emptyTitle')}
          description={t('inet.emptyText')}
          action={createButton}
        />
      ) : (
        <>
          <RoleTable
            title={t('inet.gatewaysTitle')}
            label={t('inet.gatewaysTitle')}
            rows={shownGateways}
            columns={gatewayColumns}
            getRowId={rowId}
            search={search.gateways}
            searchLabel={t('inet.searchGateways')}
            onSearch={(value) => setSearch({ gateways: value })}
            emptyText={t('noMatch')}
          />
          <RoleTable
            title={t('inet.clientsTitle')}
            label={t('inet.clientsTitle')}
            rows={shownClients}
            columns={clientColumns}
            getRowId={rowId}
            search={search.clients}
            searchLabel={t('inet.searchClients')}
            onSearch={(value) => setSearch({ clients: value })}
            emptyText={t('inet.noClients')}
          />
        </>
      )}
      <InternetGatewayDialog opened={isCreating} networkId={networkId} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
