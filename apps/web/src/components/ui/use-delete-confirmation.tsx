import { useCallback, useState, type ReactNode } from 'react';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface DeleteCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onSettled: () => void;
}

export interface DeleteConfirmationOptions<T> {
  /** Deletes the item (a mutation's `mutate`), calling back when it is done. */
  remove: (item: T, callbacks: DeleteCallbacks) => void;
  isPending: boolean;
  /** The item's name in the texts. */
  nameOf: (item: T) => string;
  title: string;
  confirmLabel: string;
  message: (name: string) => string;
  /** The toast after the delete. */
  deleted: (name: string) => string;
  /** The failure toast's title. */
  failed: string;
}

/**
 * A list's delete behind a confirmation: `onDelete(item)` (stable, for the table's row buttons) asks, and the
 * confirmation deletes, says so and closes. Render `dialog` once in the page.
 */
export function useDeleteConfirmation<T>(options: DeleteConfirmationOptions<T>): {
  onDelete: (item: T) => void;
  dialog: ReactNode;
} {
  const [deleting, setDeleting] = useState<T>();
  const onDelete = useCallback((item: T) => setDeleting(() => item), []);
  const close = () => setDeleting(undefined);
  const handleConfirm = () => {
    if (deleting === undefined) return;
    const name = options.nameOf(deleting);
    options.remove(deleting, {
      onSuccess: () => notifySuccess(options.deleted(name)),
      onError: (error) => notifyFailure(options.failed, error),
      onSettled: close,
    });
  };
  const dialog = (
    <ConfirmDialog
      opened={deleting !== undefined}
      title={options.title}
      message={options.message(deleting === undefined ? '' : options.nameOf(deleting))}
      confirmLabel={options.confirmLabel}
      isPending={options.isPending}
      onConfirm={handleConfirm}
      onClose={close}
    />
  );
  return { onDelete, dialog };
}
