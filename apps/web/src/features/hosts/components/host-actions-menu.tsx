import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowUpCircle,
  IconDots,
  IconKey,
  IconPencil,
  IconRefresh,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostView } from '@/lib/api/host-view.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EditHostDialog } from './edit-host-dialog.tsx';
import { useHostActions } from './use-host-actions.ts';

export interface HostActionsMenuProps {
  host: HostView;
  /** Networks the host is in, named in the delete confirmation. */
  networks: readonly string[];
  /** Pages that own the edit dialog (the ?edit=true URL) pass this; otherwise the menu opens its own. */
  onEdit?: () => void;
  onDeleted?: () => void;
  /** Opens at once: list rows mount the menu on the first click (LazyRowMenu). */
  defaultOpened?: boolean;
}

type Pending = 'refresh' | 'upgrade' | 'delete' | undefined;

/** Sync, default, refresh keys, edit, upgrade and delete for one host; the risky ones ask first. */
export function HostActionsMenu({ host, networks, onEdit, onDeleted, defaultOpened }: HostActionsMenuProps) {
  const { t } = useTranslation('devices');
  const actions = useHostActions();
  const [pending, setPending] = useState<Pending>();
  const [isEditing, setIsEditing] = useState(false);
  const close = () => setPending(undefined);
  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('actions.menu', { name: host.name })}
            onClick={(event) => event.stopPropagation()}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
          <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => actions.sync(host)}>
            {t('actions.sync')}
          </Menu.Item>
          <Menu.Item leftSection={<IconStar size={14} />} onClick={() => actions.toggleDefault(host)}>
            {host.isDefault ? t('actions.unmakeDefault') : t('actions.makeDefault')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={14} />} onClick={() => setPending('refresh')}>
            {t('actions.refreshKeys')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            onClick={() => (onEdit ? onEdit() : setIsEditing(true))}
          >
            {t('actions.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconArrowUpCircle size={14} />} onClick={() => setPending('upgrade')}>
            {t('actions.upgrade')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setPending('delete')}>
            {t('actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={pending === 'refresh'}
        title={t('actions.refreshKeys')}
        message={t('actions.refreshKeysConfirm', { name: host.name })}
        confirmLabel={t('actions.refreshKeys')}
        onConfirm={() => actions.refreshKeys(host, close)}
        onClose={close}
      />
      <ConfirmDialog
        opened={pending === 'upgrade'}
        title={t('actions.upgrade')}
        message={t('actions.upgradeConfirm', { name: host.name })}
        confirmLabel={t('actions.upgrade')}
        onConfirm={() => actions.upgrade(host, close)}
        onClose={close}
      />
      <ConfirmDialog
        opened={pending === 'delete'}
        title={t('actions.deleteTitle', { name: host.name })}
        message={
          networks.length > 0
            ? t('actions.deleteLeaves', { networks: networks.join(', ') })
            : t('actions.deleteNoNetworks')
        }
        confirmLabel={t('actions.delete')}
        forceLabel={t('actions.force')}
        isForcedByDefault
        isPending={actions.isDeleting}
        onConfirm={(force) => actions.remove(host, force, close, onDeleted)}
        onClose={close}
      />
      {!onEdit && <EditHostDialog host={isEditing ? host : undefined} onClose={() => setIsEditing(false)} />}
    </>
  );
}
