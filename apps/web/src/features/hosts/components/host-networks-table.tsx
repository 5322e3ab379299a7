import type { HostListItem, Network } from '@meshdeck/contracts';
import { Switch, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useJoinNetwork, useLeaveNetwork } from '@/lib/api/host-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

interface NetworkRow {
  network: Network;
  address: string | undefined;
}

const column = createColumnHelper<NetworkRow>();

/** The networks of the platform with the chosen host's membership in each, joined or left by a switch. */
export function HostNetworksTable({
  host,
  networks,
  query,
}: {
  host: HostListItem;
  networks: readonly Network[];
  /** The networks' query. */
  query: TableQuery;
}) {
  const { t } = useTranslation('devices');
  const join = useJoinNetwork();
  const leave = useLeaveNetwork();
  const [pending, setPending] = useState<NetworkRow>();
  const rows = useMemo(() => {
    const byNetwork = new Map(host.nodes.map((node) => [node.network, node.address]));
    return networks.map((network) => ({ network, address: byNetwork.get(network.netId) }));
  }, [host.nodes, networks]);
  const columns = useMemo(
    () => [
      column.accessor((row) => row.network.displayName, { id: 'name', header: t('access.network') }),
      column.accessor((row) => row.address ?? '', {
        id: 'address',
        header: t('access.address'),
        cell: (info) =>
          info.row.original.address === undefined ? (
            <Text size="sm" c="dimmed">
              {t('access.notConnected')}
            </Text>
          ) : (
            info.getValue()
          ),
      }),
      column.accessor((row) => row.network.addressRange || row.network.addressRange6, {
        id: 'range',
        header: t('access.range'),
      }),
      column.display({
        id: 'member',
        header: t('access.connection'),
        cell: (info) => (
          <Switch
            aria-label={t('access.toggle', { network: info.row.original.network.displayName })}
            checked={info.row.original.address !== undefined}
            onChange={() => setPending(info.row.original)}
          />
        ),
      }),
    ],
    [t],
  );
  const isJoining = pending?.address === undefined;
  const handleConfirm = (force: boolean) => {
    if (!pending) return;
    const variables = { hostId: host.id, networkId: pending.network.netId, force };
    const options = {
      onSuccess: () =>
        notifySuccess(
          isJoining
            ? t('access.joined', { name: host.name, network: variables.networkId })
            : t('access.left', { name: host.name, network: variables.networkId }),
        ),
      onError: (error: unknown) =>
        notifyFailure(isJoining ? t('access.joinFailed') : t('access.leaveFailed'), error),
      onSettled: () => setPending(undefined),
    };
    if (isJoining) join.mutate(variables, options);
    else leave.mutate(variables, options);
  };
  return (
    <>
      <DataTable
        data={rows}
        query={query}
        columns={columns}
        getRowId={(row) => row.network.netId}
        label={t('access.networksLabel', { name: host.name })}
        height={420}
      />
      <ConfirmDialog
        opened={pending !== undefined}
        title={isJoining ? t('access.joinTitle') : t('access.leaveTitle')}
        message={t(isJoining ? 'access.joinConfirm' : 'access.leaveConfirm', {
          name: host.name,
          network: pending?.network.displayName ?? '',
        })}
        confirmLabel={isJoining ? t('access.join') : t('access.leave')}
        forceLabel={isJoining ? undefined : t('actions.force')}
        isPending={join.isPending || leave.isPending}
        onConfirm={handleConfirm}
        onClose={() => setPending(undefined)}
      />
    </>
  );
}
