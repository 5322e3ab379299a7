import { NavLink, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface SidebarLinkProps {
  href: string;
  label: string;
  icon: ReactNode;
  isCollapsed: boolean;
  /** Also active on sub-paths, e.g. /devices for /devices?x=1 or a network section's detail pages. */
  matchPrefix?: string;
}

/** One sidebar entry: icon and label, or icon with a tooltip when the sidebar is collapsed. */
export function SidebarLink({ href, label, icon, isCollapsed, matchPrefix }: SidebarLinkProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const target = href.split('?')[0] ?? href;
  const isActive = pathname === target || (matchPrefix !== undefined && pathname.startsWith(matchPrefix));
  const link = (
    <NavLink
      component={Link}
      to={href}
      label={isCollapsed ? undefined : label}
      aria-label={isCollapsed ? label : undefined}
      leftSection={icon}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
  return isCollapsed ? (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
