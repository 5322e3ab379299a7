import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import classes from './data-table.module.css';

/**
 * A link inside a list row: a plain anchor that navigates through the router on a plain click. The router's
 * Link subscribes to router state and computes active and preload props, which every visible row paid for
 * on every scroll step.
 */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={classes.rowLink} onClick={handleClick}>
      {children}
    </a>
  );
}
