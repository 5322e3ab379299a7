import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A routing row's menu, opened at once (LazyRowMenu mounts it on the first click); its dialogs sit beside it. */
export function RowMenu({
  label,
  children,
  dialogs,
}: {
  label: string;
  children: ReactNode;
  dialogs: ReactNode;
}) {
  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={label}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}
