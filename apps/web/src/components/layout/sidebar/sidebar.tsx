import { ActionIcon, Button, ScrollArea, Stack, Text, Tooltip, useComputedColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDownload,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconTopologyRing3,
  IconX,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { brandLogo } from '@/lib/branding.ts';
import { useConsoleBranding } from '@/lib/use-console-branding.ts';
import { paths } from '@/lib/paths.ts';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from '@/lib/preferences.ts';
import { useSession } from '@/lib/session.ts';
import { topNavItems } from '../nav-items.ts';
import { PageIcon } from '../page-catalog.tsx';
import { NetworkSection } from './network-section.tsx';
import { RacDialog } from './rac-dialog.tsx';
import { SidebarLink } from './sidebar-link.tsx';
import classes from './sidebar.module.css';
import { TenantBlock } from './tenant-block.tsx';
import { UserMenu } from './user-menu.tsx';

export interface SidebarProps {
  id?: string;
  isCollapsed: boolean;
  /** Below the auto-collapse width the sidebar is a drawer over the page, shown only while `isDrawerOpen`. */
  isDrawer?: boolean;
  isDrawerOpen?: boolean;
  /** Collapses or expands the rail; in a drawer, closes it. */
  onToggle: () => void;
  /** Undefined until the server's first status answer: nothing that depends on the edition is shown. */
  isPro: boolean | undefined;
  /** Undefined until the server's first status answer; '' when the server does not report one. */
  serverVersion: string | undefined;
}

/** The application sidebar exactly as spec §2 "Sidebar" lists it. */
export function Sidebar({
  id,
  isCollapsed,
  isDrawer = false,
  isDrawerOpen = false,
  onToggle,
  isPro,
  serverVersion,
}: SidebarProps) {
  const { t } = useTranslation(['shell', 'pages', 'common']);
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const [isRacOpen, rac] = useDisclosure(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const toggleLabel = isDrawer
    ? t('sidebar.closeMenu')
    : isCollapsed
      ? t('sidebar.expand')
      : t('sidebar.collapse');
  const isHidden = isDrawer && !isDrawerOpen;
  // A branded logo replaces the mark and the name (the logo carries it); the name stays for screen readers.
  const logo = brandLogo(useComputedColorScheme('dark'), useConsoleBranding());
  useEffect(() => {
    if (isDrawer && isDrawerOpen) closeButton.current?.focus();
  }, [isDrawer, isDrawerOpen]);

  return (
    <nav
      id={id}
      className={classes.sidebar}
      aria-label={t('sidebar.label')}
      data-collapsed={isCollapsed || undefined}
      data-drawer={isDrawer || undefined}
      hidden={isHidden}
      style={{ width: isCollapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED }}
    >
      <div className={classes.header}>
        <Link to={paths.dashboard()} className={classes.logo} aria-label={t('sidebar.home')}>
          {logo ? (
            <img
              src={logo}
              alt={t('common:appName')}
              className={classes.brandLogo}
              data-collapsed={isCollapsed || undefined}
            />
          ) : (
            <>
              <IconTopologyRing3 size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
              {!isCollapsed && (
                <Text fw={700} fz="lg">
                  {t('common:appName')}
                </Text>
              )}
            </>
          )}
        </Link>
        <Tooltip label={toggleLabel} position="right" withArrow disabled={isDrawer}>
          <ActionIcon
            ref={closeButton}
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-label={toggleLabel}
            aria-expanded={isDrawer ? undefined : !isCollapsed}
          >
            {isDrawer ? (
              <IconX size={20} />
            ) : isCollapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Tooltip>
      </div>
      <ScrollArea className={classes.scroll} type="auto">
        <Stack gap="md" className={classes.section}>
          <TenantBlock isPro={isPro} serverVersion={serverVersion} isCollapsed={isCollapsed} />
          <Stack gap={2}>
            {topNavItems(isAdmin).map((key) => (
              <SidebarLink
                key={key}
                href={`/${key}`}
                label={t(`pages:${key}.nav`)}
                icon={<PageIcon page={key} size={20} />}
                isCollapsed={isCollapsed}
              />
            ))}
          </Stack>
          <NetworkSection isCollapsed={isCollapsed} isPro={isPro ?? false} />
        </Stack>
      </ScrollArea>
      <Stack gap="xs" className={classes.footer}>
        {isPro && (
          <Button
            variant="default"
            leftSection={isCollapsed ? undefined : <IconDownload size={16} />}
            onClick={rac.open}
            aria-label={t('sidebar.downloadRac')}
            px={isCollapsed ? 0 : undefined}
          >
            {isCollapsed ? <IconDownload size={16} /> : t('sidebar.downloadRac')}
          </Button>
        )}
        <UserMenu isCollapsed={isCollapsed} isPro={isPro ?? false} />
      </Stack>
      <RacDialog opened={isRacOpen} onClose={rac.close} />
    </nav>
  );
}
