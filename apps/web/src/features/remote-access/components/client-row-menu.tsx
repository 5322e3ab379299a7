import { Menu } from '@mantine/core';
import { IconFileText, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowActionMenu } from '@/components/data-table/row-action-menu.tsx';
import type { ClientRow } from '../api/client-row.ts';

export interface ClientRowActions {
  /** Whether the caller may send `scope` on this client (its network's role grants, or its own client). */
  canChange: (client: ClientRow, scope: 'update' | 'delete') => boolean;
  onEdit: (client: ClientRow) => void;
  onViewConfig: (client: ClientRow) => void;
  onDelete: (client: ClientRow) => void;
}

/**
 * A client row's menu (features §3.12: Edit, View config, Delete); mounted opened on first click. Edit and Delete
 * show only to callers who may send them (decision 053).
 */
export function ClientRowMenu({ client, actions }: { client: ClientRow; actions: ClientRowActions }) {
  const { t } = useTranslation('remoteAccess');
  return (
    <RowActionMenu label={t('clients.actionsFor', { name: client.clientId })} isOpenedOnMount>
      <Menu.Item leftSection={<IconFileText size={14} />} onClick={() => actions.onViewConfig(client)}>
        {t('clients.viewConfig')}
      </Menu.Item>
      {actions.canChange(client, 'update') && (
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.onEdit(client)}>
          {t('clients.edit')}
        </Menu.Item>
      )}
      {actions.canChange(client, 'delete') && (
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.onDelete(client)}>
          {t('clients.delete')}
        </Menu.Item>
      )}
    </RowActionMenu>
  );
}
