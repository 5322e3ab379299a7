import type { NodeListItem } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { patchSearch } from '@/lib/patch-search.ts';
import { InetClientRowMenu } from './components/member-row-menus.tsx';
import { actionsColumn, addressesColumn, hostColumn, nodeColumn } from './components/role-columns.tsx';
import { RolePageFrame } from './components/role-page-frame.tsx';
import { RoleRowMenu } from './components/role-row-menu.tsx';
import { RoleTable } from './components/role-table.tsx';
import { useRoleWrites } from './routing-permissions.ts';
import { memberText, nameOf, rowText, searchRows, useNetworkRows } from './routing-rows.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/internet-gateways');
const gatewayOf = (item: NodeListItem) => item.internetGatewayId;

/** /networks/$networkId/internet-gateways: internet gateways and the nodes routed through them (§3.15, Pro). */
export function InternetGatewaysPage() {
  const { t } = useTranslation('routing');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = useCallback(
    (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const writes = useRoleWrites(networkId, 'internetGateway');
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
    () => searchRows(clients, search.clients, memberText(list.names, gatewayOf)),
    [clients, search.clients, list.names],
  );

  const gatewayColumns = useMemo(
    () => [
      hostColumn(t('columns.name'), networkId),
      addressesColumn(t('columns.addresses'), true),
      nodeColumn.accessor('endpoint', { header: t('columns.endpoint') }),
      ...actionsColumn<NodeListItem>(writes.canUpdate || writes.canDelete, (row) => (
        <RoleRowMenu
          role="internetGateway"
          node={row}
          canUpdate={writes.canUpdate}
          canDelete={writes.canDelete}
        />
      )),
    ],
    [t, networkId, writes],
  );
  const clientColumns = useMemo(
    () => [
      hostColumn(t('columns.name'), networkId),
      addressesColumn(t('columns.addresses'), false),
      nodeColumn.accessor((item) => nameOf(list.names, item.internetGatewayId), {
        id: 'gateway',
        meta: { isKey: true },
        header: t('columns.internetGateway'),
      }),
      // Disconnecting a node PUTs the gateway's other clients.
      ...actionsColumn<NodeListItem>(writes.canUpdate, (row) => (
        <InetClientRowMenu node={row} members={clients} names={list.names} />
      )),
    ],
    [t, networkId, list.names, clients, writes],
  );

  return (
    <RolePageFrame
      role="internetGateway"
      networkId={networkId}
      canCreate={writes.canCreate}
      list={list}
      hasHolders={gateways.length > 0}
    >
      <RoleTable
        title={t('inet.gatewaysTitle')}
        rows={shownGateways}
        query={list}
        columns={gatewayColumns}
        search={search.gateways}
        searchLabel={t('inet.searchGateways')}
        onSearch={(value) => setSearch({ gateways: value })}
        emptyText={t('noMatch')}
      />
      <RoleTable
        title={t('inet.clientsTitle')}
        rows={shownClients}
        query={list}
        columns={clientColumns}
        search={search.clients}
        searchLabel={t('inet.searchClients')}
        onSearch={(value) => setSearch({ clients: value })}
        emptyText={t('inet.noClients')}
      />
    </RolePageFrame>
  );
}
