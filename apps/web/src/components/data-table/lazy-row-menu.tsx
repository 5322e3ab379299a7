import { useState, type ReactNode } from 'react';
import classes from './data-table.module.css';

export interface LazyRowMenuProps {
  /** Accessible name of the menu button. */
  label: string;
  /** The real menu, rendered opened on the first click and kept mounted afterwards (its dialogs live in it). */
  render: () => ReactNode;
}

/**
 * A row's action menu that costs one plain button until it is used: a Mantine Menu with its dialogs and
 * mutation hooks per visible row made every scroll step render hundreds of components nobody opened.
 */
export function LazyRowMenu({ label, render }: LazyRowMenuProps) {
  const [isMounted, setIsMounted] = useState(false);
  if (isMounted) return render();
  return (
    <button
      type="button"
      className={classes.rowButton}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        setIsMounted(true);
      }}
    >
      {/* Horizontal ellipsis: text, not an SVG icon, per row. */}
      <span aria-hidden>{'\u22EF'}</span>
    </button>
  );
}
