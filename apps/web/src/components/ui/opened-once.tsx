import { useState, type ReactNode } from 'react';

/**
 * Renders a dialog from the first time it opens and keeps it afterwards, so its close transition still plays. A
 * closed Mantine Modal is not free: it runs its hooks and adds a portal node to the page on mount, and a page holds
 * several (issue 18: work before a list page's first rows).
 */
export function OpenedOnce({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(opened);
  if (opened && !hasOpened) setHasOpened(true);
  return hasOpened || opened ? children : null;
}
