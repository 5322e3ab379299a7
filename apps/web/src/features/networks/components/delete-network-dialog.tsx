import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useDeleteNetwork } from '../api/delete-network.ts';
import type { NetworkRow } from './networks-table.tsx';

/**
 * Confirms deleting a network. A network with nodes offers "force", which removes its nodes too; without it
 * the server refuses and its Message is shown as is.
 */
export function DeleteNetworkDialog({
  network,
  onClose,
}: {
  network: NetworkRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('networks');
  const deleteNetwork = useDeleteNetwork();
  if (!network) return null;

  const handleConfirm = (force: boolean) => {
    deleteNetwork.mutate(
      { netId: network.netId, force },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('delete.done', { netid: network.netId }) });
          onClose();
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: t('delete.failed'), message: describeError(error) }),
      },
    );
  };

  return (
    <ConfirmDialog
      key={network.netId}
      opened
      title={t('delete.title', { netid: network.netId })}
      message={
        network.nodeCount > 0
          ? t('delete.messageWithNodes', { count: network.nodeCount })
          : t('delete.message')
      }
      confirmLabel={t('delete.confirm')}
      forceLabel={network.nodeCount > 0 ? t('delete.force') : undefined}
      isPending={deleteNetwork.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}
