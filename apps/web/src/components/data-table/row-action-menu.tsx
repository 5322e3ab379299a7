import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowActionMenuProps {
  /** Accessible name of the menu button. */
  label: string;
  /** Opened when mounted: the menu behind a LazyRowMenu is mounted by the click that opens it. */
  isOpenedOnMount?: boolean;
  /** The `Menu.Item`s. */
  children: ReactNode;
}

/** A table row's "..." action menu; clicks inside it never reach the row (which may select or navigate). */
export function RowActionMenu({ label, isOpenedOnMount = false, children }: RowActionMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={isOpenedOnMount}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label} onClick={(event) => event.stopPropagation()}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>{children}</Menu.Dropdown>
    </Menu>
  );
}
