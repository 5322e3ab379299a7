import type { NodeListItem } from '@meshdeck/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconPlus, IconWorld } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { RowLink } from '@/components/data-table/row-link.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { EgressDialog } from '@/components/routing/lazy-dialogs.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { describeError } from '@/lib/error-message.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useCanManageNetwork } from '@/lib/permissions.ts';
import { useRoutingStatus } from './api/routing-status.ts';
import { GatewayRowMenu, RangeRowMenu } from './components/egress-row-menus.tsx';
import { RoleTable } from './components/role-table.tsx';
import { rangeRows, routerRows, type RangeRow, type RouterRow } from './egress-rows.ts';
import { rowText, searchRows, useNetworkRows } from './routing-rows.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/egress');
const gatewayColumn = createColumnHelper<NodeListItem>();
const rangeColumn = createColumnHelper<RangeRow>();
const routerColumn = createColumnHelper<RouterRow>();
const rowId = (row: { id: string }) => row.id;
const addresses = (item: NodeListItem) => [item.address, item.address6].filter(Boolean).join(', ');
const rangeText = (row: RangeRow) => `${row.network} ${row.gateway.name}`.toLowerCase();
const routerText = (row: RouterRow) =>
  `${row.host} ${row.range} ${row.router} ${row.via} ${row.reason}`.toLowerCase();

/**
 * /networks/$networkId/egress: egress gateways, their ranges (external routes) and, from the agents' reports, which
 * router each host uses for each range and why (features §3.14, issue 31).
 */
export function EgressPage() {
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
  const status = useRoutingStatus(networkId, canManage);
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
      gatewayColumn.accessor('name', {
        meta: { isKey: true },
        header: t('columns.host'),
        cell: (info) => (
          <RowLink href={paths.networkHost(networkId, info.row.original.hostId)}>{info.getValue()}</RowLink>
        ),
      }),
      gatewayColumn.accessor(addresses, {
        id: 'addresses',
        meta: { isKey: true },
        header: t('columns.addresses'),
      }),
      gatewayColumn.accessor('endpoint', { header: t('columns.endpoint') }),
      gatewayColumn.accessor((item) => item.egressRanges?.length ?? 0, {
        id: 'ranges',
        header: t('columns.ranges'),
      }),
      ...(canManage
        ? [
            gatewayColumn.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => <GatewayRowMenu gateway={info.row.original} />,
            }),
          ]
        : []),
    ],
    [t, networkId, canManage],
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
      ...(canManage
        ? [
            rangeColumn.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => <RangeRowMenu row={info.row.original} />,
            }),
          ]
        : []),
    ],
    [t, canManage],
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

  const createButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
      {t('egress.create')}
    </Button>
  );
  return (
    <Stack p="md" gap="lg">
      <PageHeader
        title={tPages('egress.title')}
        breadcrumbs={pageCrumbs(tPages, 'egress', networkId)}
        description={tPages('egress.description')}
        icon={<IconWorld size={24} />}
        actions={gateways.length > 0 ? createButton : undefined}
      />
      {list.error && <Alert color="red">{describeError(list.error)}</Alert>}
      {list.isPending ? (
        <CenteredLoader />
      ) : gateways.length === 0 ? (
        <EmptyState
          icon={<IconWorld size={28} />}
          title={t('egress.emptyTitle')}
          description={t('egress.emptyText')}
          action={createButton}
        />
      ) : (
        <>
          <RoleTable
            title={t('egress.gatewaysTitle')}
            label={t('egress.gatewaysTitle')}
            rows={shownGateways}
            columns={gatewayColumns}
            getRowId={rowId}
            search={search.gateways}
            searchLabel={t('egress.searchGateways')}
            onSearch={(value) => setSearch({ gateways: value })}
            emptyText={t('noMatch')}
          />
          <RoleTable
            title={t('egress.rangesTitle')}
            label={t('egress.rangesTitle')}
            rows={shownRanges}
            columns={rangeColumns}
            getRowId={rowId}
            search={search.ranges}
            searchLabel={t('egress.searchRanges')}
            onSearch={(value) => setSearch({ ranges: value })}
            emptyText={t('noMatch')}
          />
          {status.error && <Alert color="orange">{describeError(status.error)}</Alert>}
          <RoleTable
            title={t('egress.routersTitle')}
            label={t('egress.routersTitle')}
            rows={shownRouters}
            columns={routerColumns}
            getRowId={rowId}
            search={search.routers}
            searchLabel={t('egress.searchRouters')}
            onSearch={(value) => setSearch({ routers: value })}
            emptyText={routers.length === 0 ? t('egress.noReports') : t('noMatch')}
          />
        </>
      )}
      <EgressDialog opened={isCreating} networkId={networkId} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
