import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NodeTagsEditor } from './node-tags-editor.tsx';

export interface NodeTagsDialogProps {
  opened: boolean;
  nodeId: string;
  networkId: string;
  name: string;
  tags: readonly string[];
  onClose: () => void;
}

/** Tagging a node from a list row: the details page's tag editor in a dialog. */
export function NodeTagsDialog({ opened, onClose, ...node }: NodeTagsDialogProps) {
  const { t } = useTranslation('nodes');
  return (
    <Modal opened={opened} onClose={onClose} title={t('tags.dialogTitle', { name: node.name })}>
      <NodeTagsEditor {...node} canEdit />
    </Modal>
  );
}
