import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { OpenedOnce } from '@/components/ui/opened-once.tsx';
import { useDeleteNodes, type BulkResult } from '@/features/nodes/api/node-mutations.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

export interface BulkDeleteProps {
  selected: readonly Pick<NodeView, 'id' | 'network'>[];
  /** A node's name by id (failed deletes are reported by name). */
  names: { get(id: string): string | undefined };
  onDone: () => void;
}

/**
 * Deletes the selected nodes after confirmation and reports the outcome; when some deletions fail, a report
 * names each failed node and the server's reason instead of a single vague error.
 */
export function BulkDelete({ selected, names, onDone }: BulkDeleteProps) {
  const { t } = useTranslation('nodes');
  const deleteNodes = useDeleteNodes();
  const [isConfirming, setIsConfirming] = useState(false);
  const [report, setReport] = useState<BulkResult>();

  const handleConfirm = (force: boolean) =>
    deleteNodes.mutate(
      { nodes: selected, force },
      {
        onSuccess: (result) => {
          if (result.failed.length === 0)
            notifySuccess(t('bulk.deleted', { count: result.succeeded.length }));
          else setReport(result);
          onDone();
        },
        onError: (error) => notifyFailure(t('bulk.failed'), error),
        onSettled: () => setIsConfirming(false),
      },
    );

  // Stays mounted with nothing selected: the selection is cleared after a delete, and the report must outlive it.
  return (
    <>
      <Group gap="sm" display={selected.length === 0 ? 'none' : undefined}>
        <Text size="sm">{t('bulk.selected', { count: selected.length })}</Text>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          disabled={selected.length === 0}
          onClick={() => setIsConfirming(true)}
        >
          {t('bulk.delete')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title={t('bulk.delete')}
        message={t('bulk.confirm', { count: selected.length })}
        confirmLabel={t('bulk.delete')}
        forceLabel={t('actions.force')}
        isPending={deleteNodes.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
      />
      <OpenedOnce opened={report !== undefined}>
        <Modal
          opened={report !== undefined}
          onClose={() => setReport(undefined)}
          title={t('bulk.reportTitle')}
          centered
        >
          {report && (
            <Stack>
              <Alert color="orange">
                {t('bulk.partial', { ok: report.succeeded.length, failed: report.failed.length })}
              </Alert>
              <List size="sm">
                {report.failed.map((failure) => (
                  <List.Item key={failure.id}>
                    {t('bulk.failure', {
                      name: names.get(failure.id) ?? failure.id,
                      reason: failure.message,
                    })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Modal>
      </OpenedOnce>
    </>
  );
}
