import { compareNodeItems } from '@meshdeck/contracts';
import { Button, Stack } from '@mantine/core';
import { IconDeviceDesktopPlus, IconTopologyStar3 } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DenyNoticeSlot } from '@/features/access-control/deny-notice.public.ts';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { nodeListSource } from '@/lib/api/node-list.ts';
import { serverFilters } from '@/lib/early-request.ts';
import { useList } from '@/lib/list/use-list.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { paths } from '@/lib/paths.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { useNodeWrites } from './components/node-writes.ts';
import { BulkDelete } from './components/bulk-delete.tsx';
import { NodesTable } from './components/nodes-table.tsx';
import { NodesToolbar } from './components/nodes-toolbar.tsx';
import { nodeFilter } from './node-filters.ts';
import { nodeSortField } from './nodes-search.ts';
import { LIST_HEIGHT } from '@/lib/constants.ts';

const DEFAULT_SORT = [{ id: 'name', desc: false }];
const routeApi = getRouteApi('/_layout/networks/$networkId/nodes');

/** Name by id over `items`, built once on the first lookup. */
function lazyNameIndex(items: readonly { id: string; name: string }[]) {
  let index: Map<string, string> | undefined;
  return { get: (id: string) => (index ??= new Map(items.map((item) => [item.id, item.name]))).get(id) };
}

/** /networks/$networkId/nodes: the network's nodes with filters in the URL and bulk delete (features §3.11). */
export function NodesPage() {
  const { t } = useTranslation('nodes');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = useCallback(
    (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Each write on its own scope (decision 053): checkboxes and bulk delete for callers who may delete nodes, the row
  // menu for callers with any of its items; a read-only role gets the list alone.
  const writes = useNodeWrites(networkId);
  const canDelete = writes.hosts.canDelete;
  // Adding a device is a global write (spec §6): platform admins get the wizard from the empty list.
  const canAddDevice = useIsPlatformAdmin();
  const source = useMemo(() => nodeListSource(networkId), [networkId]);
  const match = useMemo(
    () => nodeFilter({ search: search.search, status: search.status, type: search.type }),
    [search.search, search.status, search.type],
  );
  const compare = useMemo(() => compareNodeItems(search.sort), [search.sort]);
  const filters = useMemo(() => serverFilters('nodes', search), [search]);
  const nodes = useList(source, match, compare, filters);

  const selectedNodes = useMemo(
    () => nodes.all.filter((item) => rowSelection[item.id]),
    [nodes.all, rowSelection],
  );
  // Every row's name, not only the selected ones: the failure report outlives the selection. Indexed on first
  // use (a failed delete), not on every list version: at 100,000 rows that is work the first paint skips.
  const names = useMemo(() => lazyNameIndex(nodes.all), [nodes.all]);

  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={t('title', { network: networkId })}
        description={t('description')}
        icon={<IconTopologyStar3 size={24} />}
      />
      <DenyNoticeSlot networkId={networkId} />
      <NodesToolbar search={search.search} type={search.type} status={search.status} onChange={setSearch} />
      {canDelete && <BulkDelete selected={selectedNodes} names={names} onDone={() => setRowSelection({})} />}
      <NodesTable
        rows={nodes.rows}
        query={nodes}
        totalCount={nodes.all.length}
        empty={
          <EmptyState
            icon={<IconTopologyStar3 size={28} />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              canAddDevice && (
                <Button
                  component={Link}
                  to={paths.newHost()}
                  leftSection={<IconDeviceDesktopPlus size={16} />}
                >
                  {t('addDevice')}
                </Button>
              )
            }
          />
        }
        sorting={paramToSorting(search.sort, DEFAULT_SORT)}
        onSortingChange={(sorting) => setSearch({ sort: nodeSortField(sortingToParam(sorting)) })}
        rowSelection={canDelete ? rowSelection : undefined}
        onRowSelectionChange={canDelete ? setRowSelection : undefined}
        isReadOnly={!writes.hasAny}
        // The default body height less ~40 px for this page's toolbar row and bulk bar, so a 900 px window shows
        // the whole page with rows in it and the list scrolls inside the table (issue 30; the devices page too).
        height={LIST_HEIGHT}
      />
    </Stack>
  );
}
