import type { NodeListItem } from '@meshdeck/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowLink } from '@/components/data-table/row-link.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { RelayDialog } from '@/components/routing/lazy-dialogs.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { describeError } from '@/lib/error-message.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useCanManageNetwork } from '@/lib/permissions.ts';
import { RelayRowMenu, RelayedRowMenu } from './components/relay-row-menus.tsx';
import { RoleTable } from './components/role-table.tsx';
import { rowText, searchRows, useNetworkRows } from './routing-rows.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/relays');
const column = createColumnHelper<NodeListItem>();
const rowId = (item: NodeListItem) => item.id;
const addresses = (item: NodeListItem) => [item.address, item.address6].filter(Boolean).join(', ');

/** /networks/$networkId/relays: relays and the nodes they relay (features §3.13, Pro). */
export function RelaysPage() {
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
  const relays = useMemo(() => list.rows.filter((item) => item.flags.includes('relay')), [list.rows]);
  const relayed = useMemo(() => list.rows.filter((item) => item.relayedBy !== undefined), [list.rows]);
  const relayedCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of relayed) counts.set(item.relayedBy ?? '', (counts.get(item.relayedBy ?? '') ?? 0) + 1);
    return counts;
  }, [relayed]);

  const shownRelays = useMemo(() => searchRows(relays, search.relays, rowText), [relays, search.relays]);
  const shownRelayed = useMemo(
    () =>
      searchRows(
        relayed,
        search.relayed,
        (item) => `${rowText(item)} ${(list.names.get(item.relayedBy ?? '') ?? '').toLowerCase()}`,
      ),
    [relayed, search.relayed, list.names],
  );

  const relayColumns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('columns.host'),
        cell: (info) => (
          <RowLink href={paths.networkHost(networkId, info.row.original.hostId)}>{info.getValue()}</RowLink>
        ),
      }),
      column.accessor(addresses, { id: 'addresses', meta: { isKey: true }, header: t('columns.addresses') }),
      column.accessor((item) => relayedCount.get(item.id) ?? 0, {
        id: 'count',
        header: t('columns.relayedCount'),
      }),
      ...(canManage
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => <RelayRowMenu relay={info.row.original} />,
            }),
          ]
        : []),
    ],
    [t, networkId, relayedCount, canManage],
  );
  const relayedColumns = useMemo(
    () => [
      column.accessor('name', {
        meta: { isKey: true },
        header: t('columns.host'),
        cell: (info) => (
          <RowLink href={paths.networkHost(networkId, info.row.original.hostId)}>{info.getValue()}</RowLink>
        ),
      }),
      column.accessor((item) => list.names.get(item.relayedBy ?? '') ?? item.relayedBy ?? '', {
        id: 'relayedBy',
        meta: { isKey: true },
        header: t('columns.relayedBy'),
      }),
      column.accessor(addresses, { id: 'addresses', header: t('columns.addresses') }),
      ...(canManage
        ? [
            column.display({
              id: 'actions',
              header: '',
              size: 60,
              cell: (info) => (
                <RelayedRowMenu node={info.row.original} relayed={relayed} names={list.names} />
              ),
            }),
          ]
        : []),
    ],
    [t, networkId, list.names, relayed, canManage],
  );

  const createButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
      {t('relays.create')}
    </Button>
  );
  return (
    <Stack p="md" gap="lg">
      <PageHeader
        title={tPages('relays.title')}
        breadcrumbs={pageCrumbs(tPages, 'relays', networkId)}
        description={tPages('relays.description')}
        icon={<IconRoute size={24} />}
        actions={relays.length > 0 ? createButton : undefined}
      />
      {list.error && <Alert color="red">{describeError(list.error)}</Alert>}
      {list.isPending ? (
        <CenteredLoader />
      ) : relays.length === 0 ? (
        <EmptyState
          icon={<IconRoute size={28} />}
          title={t('relays.emptyTitle')}
          description={t('relays.emptyText')}
          action={createButton}
        />
      ) : (
        <>
          <RoleTable
            title={t('relays.relaysTitle')}
            label={t('relays.relaysTitle')}
            rows={shownRelays}
            columns={relayColumns}
            getRowId={rowId}
            search={search.relays}
            searchLabel={t('relays.searchRelays')}
            onSearch={(value) => setSearch({ relays: value })}
            emptyText={t('noMatch')}
          />
          <RoleTable
            title={t('relays.relayedTitle')}
            label={t('relays.relayedTitle')}
            rows={shownRelayed}
            columns={relayedColumns}
            getRowId={rowId}
            search={search.relayed}
            searchLabel={t('relays.searchRelayed')}
            onSearch={(value) => setSearch({ relayed: value })}
            emptyText={t('relays.noRelayed')}
          />
        </>
      )}
      <RelayDialog opened={isCreating} networkId={networkId} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
