import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

export interface LazyRowMenuProps {
  /** Accessible name of the menu button. */
  label: string;
  /** The real menu, rendered opened on the first click and kept mounted afterwards (its dialogs live in it). */
  render: () => ReactNode;
}

/**
 * A row's action menu that costs one button until it is used: a Mantine Menu with its dialogs and mutation
 * hooks per visible row made every scroll step render hundreds of components nobody opened.
 */
export function LazyRowMenu({ label, render }: LazyRowMenuProps) {
  const [isMounted, setIsMounted] = useState(false);
  if (isMounted) return render();
  return (
    <ActionIcon
      variant="subtle"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        setIsMounted(true);
      }}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
}
