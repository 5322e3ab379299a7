import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useNetworks } from '@/lib/networks-query.ts';
import { canChangeClient } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import type { ClientRow } from '../api/client-row.ts';
import { useDeleteClient, useSetClientEnabled } from '../api/ext-client-mutations.ts';
import type { GatewayRow } from '../api/gateways.ts';
import { ClientConfigDialog } from './client-config-dialog.tsx';
import { ClientDialog } from './client-dialog.tsx';

/** A gateway's public addresses a client config may point at: its endpoint and the additional ones. */
export const gatewayEndpoints = (gateway: GatewayRow | undefined): string[] =>
  gateway ? [...new Set([gateway.endpoint, ...gateway.additionalEndpoints].filter(Boolean))] : [];

/**
 * The row actions of a clients table (enabled switch, view config, edit, delete) and their dialogs, shared by
 * the remote-access page and /clients. `gateways` are the gateway rows known to the page (any network).
 */
export function useClientActions({ gateways, isPro }: { gateways: readonly GatewayRow[]; isPro: boolean }) {
  const { t } = useTranslation('remoteAccess');
  const networks = useNetworks();
  // `mutate` is stable; the whole mutation object is not, and the table's columns depend on this callback.
  const { mutate: mutateEnabled } = useSetClientEnabled();
  const deleteClient = useDeleteClient();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [configClient, setConfigClient] = useState<ClientRow>();
  const [editClient, setEditClient] = useState<ClientRow>();
  const [deletingClient, setDeletingClient] = useState<ClientRow>();
  const user = useSession((state) => state.user);
  // Per client: its network's grants, or the caller's own client through a self-only grant (decision 053).
  const canChange = useCallback(
    (client: ClientRow, scope: 'update' | 'delete') => canChangeClient(user, client, scope),
    [user],
  );
  const gatewaysById = useMemo(() => new Map(gateways.map((row) => [row.id, row])), [gateways]);

  const onToggleEnabled = useCallback(
    (client: ClientRow, enabled: boolean) => {
      setPendingIds((ids) => new Set(ids).add(client.id));
      mutateEnabled(
        { client, enabled },
        {
          onSuccess: () =>
            notifySuccess(
              enabled
                ? t('clients.enabled', { name: client.clientId })
                : t('clients.disabled', { name: client.clientId }),
            ),
          onError: (error) => notifyFailure(t('clients.updateFailed'), error),
          onSettled: () =>
            setPendingIds((ids) => {
              const next = new Set(ids);
              next.delete(client.id);
              return next;
            }),
        },
      );
    },
    [mutateEnabled, t],
  );

  const handleDelete = () => {
    if (!deletingClient) return;
    deleteClient.mutate(deletingClient, {
      onSuccess: () => notifySuccess(t('clients.deleted', { name: deletingClient.clientId })),
      onError: (error) => notifyFailure(t('clients.deleteFailed'), error),
      onSettled: () => setDeletingClient(undefined),
    });
  };

  const editNetwork = networks.data?.find((network) => network.netId === editClient?.network);
  const editGateways = gateways.filter((row) => row.network === editClient?.network);
  const dialogs = (
    <>
      <ClientConfigDialog
        client={configClient}
        endpoints={gatewayEndpoints(configClient && gatewaysById.get(configClient.gatewayNodeId))}
        onClose={() => setConfigClient(undefined)}
      />
      <ClientDialog
        opened={editClient !== undefined}
        networkId={editClient?.network ?? ''}
        networkRanges={
          [editNetwork?.addressRange, editNetwork?.addressRange6].filter((range) => !!range) as string[]
        }
        gateways={editGateways}
        candidates={[]}
        client={editClient}
        isPro={isPro}
        onClose={() => setEditClient(undefined)}
      />
      <ConfirmDialog
        opened={deletingClient !== undefined}
        title={t('clients.deleteTitle')}
        message={t('clients.deleteMessage', { name: deletingClient?.clientId ?? '' })}
        confirmLabel={t('clients.delete')}
        isPending={deleteClient.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeletingClient(undefined)}
      />
    </>
  );
  // One object, built once per grant change: the table's columns and every row's menu take it as it is.
  const rowActions = useMemo(
    () => ({ canChange, onEdit: setEditClient, onViewConfig: setConfigClient, onDelete: setDeletingClient }),
    [canChange],
  );
  return { tableProps: { rowActions, onToggleEnabled, pendingIds }, dialogs };
}
