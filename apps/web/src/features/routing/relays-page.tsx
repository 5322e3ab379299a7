import type { NodeListItem } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { patchSearch } from '@/lib/patch-search.ts';
import { RelayedRowMenu } from './components/member-row-menus.tsx';
import { actionsColumn, addressesColumn, hostColumn, nodeColumn } from './components/role-columns.tsx';
import { RolePageFrame } from './components/role-page-frame.tsx';
import { RoleRowMenu } from './components/role-row-menu.tsx';
import { RoleTable } from './components/role-table.tsx';
import { useRoleWrites } from './routing-permissions.ts';
import { memberText, nameOf, rowText, searchRows, useNetworkRows } from './routing-rows.ts';

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
  const list = useNetworkRows(networkId);
  const relays = useMemo(() => list.rows.filter((item) => item.flags.includes('relay')), [list.rows]);
  const relayed = useMemo(() => list.rows.filter((item) => item.relayedBy !== undefined), [list.rows]);
  const relayedCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of relayed) counts.set(item.relayedBy ?? '', (counts.get(item.relayedBy ?? '') ?? 0) + 1);
    return counts;
  }, [relayed]);

  const shownRelays = useMemo(() => searchRows(relays, search.relays, rowText), [relays, search.relays]);
  const shownRelayed = useMemo(
    () => searchRows(relayed, search.relayed, memberText(list.names, relayOf)),
    [relayed, search.relayed, list.names],
  );

  const relayColumns = useMemo(
    () => [
      hostColumn(t('columns.host'), networkId),
      addressesColumn(t('columns.addresses'), true),
      nodeColumn.accessor((item) => relayedCount.get(item.id) ?? 0, {
        id: 'count',
        header: t('columns.relayedCount'),
      }),
      ...actionsColumn<NodeListItem>(writes.canUpdate || writes.canDelete, (row) => (
        <RoleRowMenu role="relay" node={row} canUpdate={writes.canUpdate} canDelete={writes.canDelete} />
      )),
    ],
    [t, networkId, relayedCount, writes],
  );
  const relayedColumns = useMemo(
    () => [
      hostColumn(t('columns.host'), networkId),
      nodeColumn.accessor((item) => nameOf(list.names, item.relayedBy), {
        id: 'relayedBy',
        meta: { isKey: true },
        header: t('columns.relayedBy'),
      }),
      addressesColumn(t('columns.addresses'), false),
      ...actionsColumn<NodeListItem>(writes.canCreate || writes.canDelete, (row) => (
        <RelayedRowMenu node={row} members={relayed} names={list.names} writes={writes} />
      )),
    ],
    [t, networkId, list.names, relayed, writes],
  );

  return (
    <RolePageFrame
      role="relay"
      networkId={networkId}
      canCreate={writes.canCreate}
      list={list}
      hasHolders={relays.length > 0}
    >
      <RoleTable
        title={t('relays.relaysTitle')}
        rows={shownRelays}
        query={list}
        columns={relayColumns}
        search={search.relays}
        searchLabel={t('relays.searchRelays')}
        onSearch={(value) => setSearch({ relays: value })}
        emptyText={t('noMatch')}
      />
      <RoleTable
        title={t('relays.relayedTitle')}
        rows={shownRelayed}
        query={list}
        columns={relayedColumns}
        search={search.relayed}
        searchLabel={t('relays.searchRelayed')}
        onSearch={(value) => setSearch({ relayed: value })}
        emptyText={t('relays.noRelayed')}
      />
    </RolePageFrame>
  );
}
