import { Alert, Stack } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useNetworkNodes } from '@/lib/api/get-nodes.ts';
import { describeError } from '@/lib/error-message.ts';
import { useUrlSearch } from '@/lib/use-url-search.ts';
import { BulkDelete } from './components/bulk-delete.tsx';
import { NodesTable } from './components/nodes-table.tsx';
import { NodesToolbar } from './components/nodes-toolbar.tsx';
import { buildNodeRows, filterNodeRows } from './node-filters.ts';

const SEARCH_PARAMS = ['search', 'type', 'status', 'sort'] as const;

/** /networks/$networkId/nodes: the network's nodes with filters in the URL and bulk delete (features §3.11). */
export function NodesPage(props: { networkId?: string }) {
  const { t } = useTranslation('nodes');
  const params: { networkId?: string } = useParams({ strict: false });
  const networkId = props.networkId ?? params.networkId ?? '';
  const [search, setSearch] = useUrlSearch(SEARCH_PARAMS);
  const nodes = useNetworkNodes(networkId);
  const hosts = useHosts();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  // Derived once per data change, not per render: the join is O(hosts + nodes), filtering one pass.
  const rows = useMemo(() => buildNodeRows(nodes.data ?? [], hosts.data ?? []), [nodes.data, hosts.data]);
  const visibleRows = useMemo(
    () => filterNodeRows(rows, { type: search.type, status: search.status, search: search.search }),
    [rows, search.type, search.status, search.search],
  );
  const names = useMemo(() => new Map(rows.map((row) => [row.node.id, row.hostName])), [rows]);
  const selectedNodes = useMemo(
    () => rows.filter((row) => rowSelection[row.node.id]).map((row) => row.node),
    [rows, rowSelection],
  );

  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={t('title', { network: networkId })}
        description={t('description')}
        icon={<IconTopologyStar3 size={24} />}
      />
      <NodesToolbar search={search.search} type={search.type} status={search.status} onChange={setSearch} />
      <BulkDelete selected={selectedNodes} names={names} onDone={() => setRowSelection({})} />
      {nodes.isError && <Alert color="red">{describeError(nodes.error)}</Alert>}
      <NodesTable
        rows={visibleRows}
        sorting={paramToSorting(search.sort, [{ id: 'name', desc: false }])}
        onSortingChange={(sorting) => setSearch({ sort: sortingToParam(sorting) })}
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
      />
    </Stack>
  );
}
