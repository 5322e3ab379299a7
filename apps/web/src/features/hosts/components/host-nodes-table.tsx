import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { NodeActionsMenu } from '@/features/nodes/nodes.public.ts';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import type { HostView } from '@/lib/api/host-view.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import { paths } from '@/lib/paths.ts';
import { canManageNetwork } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';

const column = createColumnHelper<NodeView>();

/** The host's memberships: one node per network, with its address, status and node actions. */
export function HostNodesTable({
  host,
  nodes,
  query,
}: {
  host: HostView;
  nodes: readonly NodeView[];
  /** The node list's query (the host's nodes are picked out of every node). */
  query: TableQuery;
}) {
  const { t } = useTranslation('devices');
  const user = useSession((state) => state.user);
  const columns = useMemo(
    () => [
      column.accessor('network', {
        header: t('access.network'),
        cell: (info) => (
          <Anchor component={Link} to={paths.networkHost(info.getValue(), host.id)} size="sm">
            {info.getValue()}
          </Anchor>
        ),
      }),
      column.accessor((node) => node.address || node.address6, {
        id: 'address',
        header: t('access.address'),
      }),
      column.accessor('status', {
        header: t('fields.status'),
        cell: (info) => (
          <StatusBadge
            status={info.getValue()}
            lastCheckIn={info.row.original.lastCheckIn}
            isConnected={info.row.original.isConnected}
          />
        ),
      }),
      column.display({
        id: 'actions',
        size: 60,
        // Node actions are network-scoped writes: offered only where the user administers the network.
        cell: (info) =>
          canManageNetwork(user, info.row.original.network) && (
            <NodeActionsMenu node={info.row.original} hostName={host.name} hasHostLink={false} />
          ),
      }),
    ],
    [t, host.id, host.name, user],
  );
  return (
    <DataTable
      data={nodes}
      query={query}
      columns={columns}
      getRowId={(node) => node.id}
      label={t('hostNetworksLabel', { name: host.name })}
      height={360}
    />
  );
}
