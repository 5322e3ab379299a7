import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRowMenu } from '@/components/data-table/lazy-row-menu.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';

/** A routing row's menu button, one plain button per row until the first click mounts `render`'s menu. */
export function LazyRoutingMenu({ name, render }: { name: string; render: () => ReactNode }) {
  const { t } = useTranslation('routing');
  return <LazyRowMenu label={t('rowMenu', { name })} render={render} />;
}

/** A routing row's menu, opened at once (LazyRowMenu mounts it on the first click); its dialogs sit beside it. */
export function RowMenu({
  name,
  children,
  dialogs,
}: {
  name: string;
  children: ReactNode;
  dialogs: ReactNode;
}) {
  const { t } = useTranslation('routing');
  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('rowMenu', { name })}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}

export interface ConfirmRowMenuProps {
  /** The row's name, in the menu button's label. */
  name: string;
  /** The one action: the menu item, the confirmation's title and its button. */
  action: string;
  icon: ReactNode;
  message: string;
  isPending: boolean;
  /** Runs the action; `done` closes the confirmation once the request settles. */
  onConfirm: (done: () => void) => void;
}

/** A row menu with one destructive action behind a confirmation (stop relaying, disconnect, delete a range). */
export function ConfirmRowMenu({ name, action, icon, message, isPending, onConfirm }: ConfirmRowMenuProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const close = () => setIsConfirming(false);
  return (
    <RowMenu
      name={name}
      dialogs={
        <ConfirmDialog
          opened={isConfirming}
          title={action}
          message={message}
          confirmLabel={action}
          isPending={isPending}
          onConfirm={() => onConfirm(close)}
          onClose={close}
        />
      }
    >
      <Menu.Item color="red" leftSection={icon} onClick={() => setIsConfirming(true)}>
        {action}
      </Menu.Item>
    </RowMenu>
  );
}
