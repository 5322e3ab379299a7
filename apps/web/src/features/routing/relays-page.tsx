import type { NodeListItem } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { patchSearch } from '@/lib/patch-search.ts';
import { RelayedRowMenu } from './components/member-row-menus.tsx';
import { actionsColumn, addressesColumn, hostColumn, nodeColumn } from './components/role-columns.tsx';
import { RoleMembersPage } from './components/role-members-page.tsx';
import { RoleRowMenu } from './components/role-row-menu.tsx';
import { useRoleWrites } from '@/lib/permissions.ts';
import { nameOf } from './routing-rows.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/relays');
const relayOf = (item: NodeListItem) => item.relayedBy;

/** /networks/$networkId/relays: relays and the nodes they relay (features §3.13, Pro). */
export function RelaysPage() {
  const { t } = useTranslation('routing');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = useCallback(
    (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const writes = useRoleWrites(networkId, 'relay');

  const relayColumns = useCallback(
    (relayed: readonly NodeListItem[]) => {
      const relayedCount = new Map<string, number>();
      for (const item of relayed)
        relayedCount.set(item.relayedBy ?? '', (relayedCount.get(item.relayedBy ?? '') ?? 0) + 1);
      return [
        hostColumn(t('columns.host'), networkId),
        addressesColumn(t('columns.addresses'), true),
        nodeColumn.accessor((item) => relayedCount.get(item.id) ?? 0, {
          id: 'count',
          header: t('columns.relayedCount'),
        }),
        ...actionsColumn<NodeListItem>(writes.canUpdate || writes.canDelete, (row) => (
          <RoleRowMenu role="relay" node={row} canUpdate={writes.canUpdate} canDelete={writes.canDelete} />
        )),
      ];
    },
    [t, networkId, writes],
  );
  const relayedColumns = useCallback(
    (relayed: readonly NodeListItem[], names: ReadonlyMap<string, string>) => [
      hostColumn(t('columns.host'), networkId),
      nodeColumn.accessor((item) => nameOf(names, item.relayedBy), {
        id: 'relayedBy',
        meta: { isKey: true },
        header: t('columns.relayedBy'),
      }),
      addressesColumn(t('columns.addresses'), false),
      ...actionsColumn<NodeListItem>(writes.canCreate || writes.canDelete, (row) => (
        <RelayedRowMenu node={row} members={relayed} names={names} writes={writes} />
      )),
    ],
    [t, networkId, writes],
  );

  return (
    <RoleMembersPage
      role="relay"
      networkId={networkId}
      canCreate={writes.canCreate}
      holderOf={relayOf}
      holderColumns={relayColumns}
      memberColumns={relayedColumns}
      holders={{
        title: t('relays.relaysTitle'),
        searchLabel: t('relays.searchRelays'),
        search: search.relays,
        onSearch: (value) => setSearch({ relays: value }),
      }}
      members={{
        title: t('relays.relayedTitle'),
        searchLabel: t('relays.searchRelayed'),
        search: search.relayed,
        onSearch: (value) => setSearch({ relayed: value }),
        emptyText: t('relays.noRelayed'),
      }}
    />
  );
}
