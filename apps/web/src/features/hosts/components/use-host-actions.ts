import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteHost,
  useRefreshHostKeys,
  useSyncHost,
  useUpdateHost,
  useUpgradeHost,
} from '@/lib/api/host-mutations.ts';
import type { HostView } from '@/lib/api/host-view.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

/** The host actions with their success and failure toasts, shared by the devices table and the host pages. */
export function useHostActions() {
  const { t } = useTranslation('devices');
  const sync = useSyncHost();
  const refreshKeys = useRefreshHostKeys();
  const upgrade = useUpgradeHost();
  const update = useUpdateHost();
  const remove = useDeleteHost();
  // Mutation `mutate` functions are stable, so the actions are too: tables can keep their columns memoised.
  const [syncHost, refreshHostKeys, upgradeHost, updateHost, deleteHost] = [
    sync.mutate,
    refreshKeys.mutate,
    upgrade.mutate,
    update.mutate,
    remove.mutate,
  ];
  const actions = useMemo(() => {
    const report = (success: string, failure: string, onDone?: () => void) => ({
      onSuccess: () => notifySuccess(success),
      onError: (error: unknown) => notifyFailure(failure, error),
      onSettled: onDone,
    });
    return {
      sync: (host: Pick<HostView, 'id' | 'name'>) =>
        syncHost(host.id, report(t('actions.synced', { name: host.name }), t('actions.syncFailed'))),
      refreshKeys: (host: HostView, onDone?: () => void) =>
        refreshHostKeys(
          host.id,
          report(t('actions.keysRefreshed', { name: host.name }), t('actions.refreshKeysFailed'), onDone),
        ),
      upgrade: (host: HostView, onDone?: () => void) =>
        upgradeHost(
          host.id,
          report(t('actions.upgradeSent', { name: host.name }), t('actions.upgradeFailed'), onDone),
        ),
      toggleDefault: (host: HostView) =>
        updateHost(
          { host, edit: { isDefault: !host.isDefault } },
          report(t('edit.saved', { name: host.name }), t('edit.failed')),
        ),
      remove: (host: HostView, force: boolean, onDone?: () => void, onDeleted?: () => void) =>
        deleteHost(
          { hostId: host.id, force },
          {
            ...report(t('actions.deleted', { name: host.name }), t('actions.deleteFailed'), onDone),
            onSuccess: () => {
              notifySuccess(t('actions.deleted', { name: host.name }));
              onDeleted?.();
            },
          },
        ),
    };
  }, [t, syncHost, refreshHostKeys, upgradeHost, updateHost, deleteHost]);
  return { ...actions, isDeleting: remove.isPending };
}
