import type { NodeListItem } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { patchSearch } from '@/lib/patch-search.ts';
import { InetClientRowMenu } from './components/member-row-menus.tsx';
import { actionsColumn, addressesColumn, hostColumn, nodeColumn } from './components/role-columns.tsx';
import { RoleMembersPage } from './components/role-members-page.tsx';
import { RoleRowMenu } from './components/role-row-menu.tsx';
import { useRoleWrites } from '@/lib/permissions.ts';
import { nameOf } from './routing-rows.ts';

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

  const gatewayColumns = useCallback(
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
  const clientColumns = useCallback(
    (clients: readonly NodeListItem[], names: ReadonlyMap<string, string>) => [
      hostColumn(t('columns.name'), networkId),
      addressesColumn(t('columns.addresses'), false),
      nodeColumn.accessor((item) => nameOf(names, item.internetGatewayId), {
        id: 'gateway',
        meta: { isKey: true },
        header: t('columns.internetGateway'),
      }),
      // Disconnecting a node PUTs the gateway's other clients.
      ...actionsColumn<NodeListItem>(writes.canUpdate, (row) => (
        <InetClientRowMenu node={row} members={clients} names={names} />
      )),
    ],
    [t, networkId, writes],
  );

  return (
    <RoleMembersPage
      role="internetGateway"
      networkId={networkId}
      canCreate={writes.canCreate}
      holderOf={gatewayOf}
      holderColumns={gatewayColumns}
      memberColumns={clientColumns}
      holders={{
        title: t('inet.gatewaysTitle'),
        searchLabel: t('inet.searchGateways'),
        search: search.gateways,
        onSearch: (value) => setSearch({ gateways: value }),
      }}
      members={{
        title: t('inet.clientsTitle'),
        searchLabel: t('inet.searchClients'),
        search: search.clients,
        onSearch: (value) => setSearch({ clients: value }),
        emptyText: t('inet.noClients'),
      }}
    />
  );
}
