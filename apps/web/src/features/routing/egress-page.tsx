import type { NodeListItem } from '@meshdeck/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { patchSearch } from '@/lib/patch-search.ts';
import { useRoutingStatus } from './api/routing-status.ts';
import { RangeRowMenu } from './components/member-row-menus.tsx';
import { actionsColumn, addressesColumn, hostColumn, nodeColumn } from './components/role-columns.tsx';
import { RolePageFrame } from './components/role-page-frame.tsx';
import { RoleRowMenu } from './components/role-row-menu.tsx';
import { RoleTable } from './components/role-table.tsx';
import { rangeRows, routerRows, type RangeRow, type RouterRow } from './egress-rows.ts';
import { useRoleWrites } from '@/lib/permissions.ts';
import { rowText, searchRows, useNetworkRows } from './routing-rows.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/egress');
const rangeColumn = createColumnHelper<RangeRow>();
const routerColumn = createColumnHelper<RouterRow>();
const rangeText = (row: RangeRow) => `${row.network} ${row.gateway.name}`.toLowerCase();
const routerText = (row: RouterRow) =>
  `${row.host} ${row.range} ${row.router} ${row.via} ${row.reason}`.toLowerCase();

/**
 * /networks/$networkId/egress: egress gateways, their ranges (external routes) and, from the agents' reports, which
 * router each host uses for each range and why (features §3.14, issue 31).
 */
export function EgressPage() {
  const { t } = useTranslation('routing');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = useCallback(
    (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const writes = useRoleWrites(networkId, 'egress');
  const list = useNetworkRows(networkId);
  const status = useRoutingStatus(networkId, writes.canCreate || writes.canUpdate || writes.canDelete);
  const gateways = useMemo(() => list.rows.filter((item) => item.flags.includes('egress')), [list.rows]);
  const ranges = useMemo(() => rangeRows(gateways, status.data ?? []), [gateways, status.data]);
  const routers = useMemo(() => routerRows(status.data ?? []), [status.data]);
  const shownGateways = useMemo(
    () => searchRows(gateways, search.gateways, rowText),
    [gateways, search.gateways],
  );
  const shownRanges = useMemo(() => searchRows(ranges, search.ranges, rangeText), [ranges, search.ranges]);
  const shownRouters = useMemo(
    () => searchRows(routers, search.routers, routerText),
    [routers, search.routers],
  );

  const gatewayColumns = useMemo(
    () => [
      hostColumn(t('columns.host'), networkId),
      addressesColumn(t('columns.addresses'), true),
      nodeColumn.accessor('endpoint', { header: t('columns.endpoint') }),
      nodeColumn.accessor((item) => item.egressRanges?.length ?? 0, {
        id: 'ranges',
        header: t('columns.ranges'),
      }),
      ...actionsColumn<NodeListItem>(writes.canUpdate || writes.canDelete, (row) => (
        <RoleRowMenu role="egress" node={row} canUpdate={writes.canUpdate} canDelete={writes.canDelete} />
      )),
    ],
    [t, networkId, writes],
  );
  const rangeColumns = useMemo(
    () => [
      rangeColumn.accessor('network', { meta: { isKey: true }, header: t('columns.range') }),
      rangeColumn.accessor((row) => row.gateway.name, {
        id: 'host',
        meta: { isKey: true },
        header: t('columns.host'),
      }),
      rangeColumn.accessor('metric', { header: t('columns.metric') }),
      rangeColumn.accessor('nat', {
        header: t('columns.nat'),
        cell: (info) => (info.getValue() ? t('egress.natOn') : t('egress.natOff')),
      }),
      rangeColumn.accessor('activeFor', {
        header: t('columns.active'),
        cell: (info) =>
          info.getValue() > 0 ? (
            <RowBadge size="sm" color="green">
              {t('egress.activeFor', { count: info.getValue() })}
            </RowBadge>
          ) : info.row.original.routers > 1 ? (
            t('egress.standby')
          ) : (
            t('egress.noReport')
          ),
      }),
      ...actionsColumn<RangeRow>(writes.canCreate || writes.canDelete, (row) => (
        <RangeRowMenu row={row} writes={writes} />
      )),
    ],
    [t, writes],
  );
  const routerColumns = useMemo(
    () => [
      routerColumn.accessor('host', { meta: { isKey: true }, header: t('columns.host') }),
      routerColumn.accessor('range', { meta: { isKey: true }, header: t('columns.range') }),
      routerColumn.accessor('router', { header: t('columns.router') }),
      routerColumn.accessor('via', { header: t('columns.via') }),
      routerColumn.accessor('reason', { header: t('columns.reason') }),
    ],
    [t],
  );

  return (
    <RolePageFrame
      role="egress"
      networkId={networkId}
      canCreate={writes.canCreate}
      list={list}
      hasHolders={gateways.length > 0}
    >
      <RoleTable
        title={t('egress.gatewaysTitle')}
        rows={shownGateways}
        query={list}
        columns={gatewayColumns}
        search={search.gateways}
        searchLabel={t('egress.searchGateways')}
        onSearch={(value) => setSearch({ gateways: value })}
        emptyText={t('noMatch')}
      />
      <RoleTable
        title={t('egress.rangesTitle')}
        rows={shownRanges}
        query={list}
        columns={rangeColumns}
        search={search.ranges}
        searchLabel={t('egress.searchRanges')}
        onSearch={(value) => setSearch({ ranges: value })}
        emptyText={t('noMatch')}
      />
      <RoleTable
        title={t('egress.routersTitle')}
        rows={shownRouters}
        // Read by the network's admins only: for anyone else the query never runs, which is not loading.
        query={{ isPending: status.isLoading, error: status.error, refetch: status.refetch }}
        columns={routerColumns}
        search={search.routers}
        searchLabel={t('egress.searchRouters')}
        onSearch={(value) => setSearch({ routers: value })}
        emptyText={routers.length === 0 ? t('egress.noReports') : t('noMatch')}
      />
    </RolePageFrame>
  );
}
