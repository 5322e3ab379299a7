import { ActionIcon, Button, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDownload,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconPlus,
  IconTopologyRing3,
} from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { hasNetwork, useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from '@/lib/preferences.ts';
import { useSession } from '@/lib/session.ts';
import { networkNavItems, topNavItems } from '../nav-items.ts';
import { PageIcon } from '../page-catalog.tsx';
import { NetworkSwitcher } from './network-switcher.tsx';
import { RacDialog } from './rac-dialog.tsx';
import { SidebarLink } from './sidebar-link.tsx';
import classes from './sidebar.module.css';
import { TenantBlock } from './tenant-block.tsx';
import { UserMenu } from './user-menu.tsx';

export interface SidebarProps {
  isCollapsed: boolean;
  /** False below the auto-collapse width, where the toggle cannot expand the sidebar. */
  canToggle: boolean;
  onToggle: () => void;
  isPro: boolean;
  serverVersion: string;
}

/** The application sidebar exactly as spec §2 "Sidebar" lists it. */
export function Sidebar({ isCollapsed, canToggle, onToggle, isPro, serverVersion }: SidebarProps) {
  const { t } = useTranslation(['shell', 'pages', 'common']);
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const savedNetwork = useSession((state) => state.activeNetwork);
  const routeNetwork = useParams({ strict: false, select: (params) => params.networkId });
  const networks = useNetworks().data ?? [];
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  const [isRacOpen, rac] = useDisclosure(false);
  // The route wins over saved state, and a saved id that is no longer one of the user's networks is ignored.
  const activeNetworkId =
    [routeNetwork, savedNetwork].find((id) => id !== undefined && id !== null && hasNetwork(networks, id)) ??
    null;
  const toggleLabel = isCollapsed ? t('sidebar.expand') : t('sidebar.collapse');

  return (
    <nav
      className={classes.sidebar}
      aria-label={t('sidebar.label')}
      data-collapsed={isCollapsed || undefined}
      style={{ width: isCollapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED }}
    >
      <div className={classes.header}>
        <Link to={paths.dashboard()} className={classes.logo} aria-label={t('sidebar.home')}>
          <IconTopologyRing3 size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
          {!isCollapsed && (
            <Text fw={700} fz="lg">
              {t('common:appName')}
            </Text>
          )}
        </Link>
        <Tooltip label={toggleLabel} position="right" withArrow disabled={!canToggle}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            disabled={!canToggle}
            aria-label={toggleLabel}
            aria-expanded={!isCollapsed}
          >
            {isCollapsed ? (
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
          {networks.length === 0 ? (
            <Stack gap={2}>
              <SidebarLink
                href={paths.networks()}
                label={t('pages:networks.nav')}
                icon={<PageIcon page="networks" size={20} />}
                isCollapsed={isCollapsed}
              />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={openCreateNetwork}
                aria-label={t('sidebar.addNetwork')}
                px={isCollapsed ? 0 : undefined}
              >
                {isCollapsed ? null : t('sidebar.addNetwork')}
              </Button>
            </Stack>
          ) : (
            <Stack gap={4} align={isCollapsed ? 'center' : 'stretch'}>
              {!isCollapsed && (
                <Text fz="xs" fw={600} c="dimmed" tt="uppercase" className={classes.sectionLabel}>
                  {t('sidebar.network')}
                </Text>
              )}
              <NetworkSwitcher
                networks={networks}
                activeNetworkId={activeNetworkId}
                isCollapsed={isCollapsed}
              />
              {activeNetworkId !== null && (
                <Stack gap={2} w="100%" aria-label={t('sidebar.networkItems')} role="group">
                  {networkNavItems(isPro).map((section) => (
                    <SidebarLink
                      key={section}
                      href={paths.network(activeNetworkId, section)}
                      label={t(`pages:${section}.nav`)}
                      icon={<PageIcon page={section} size={20} />}
                      isCollapsed={isCollapsed}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          )}
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
        <UserMenu isCollapsed={isCollapsed} />
      </Stack>
      <RacDialog opened={isRacOpen} onClose={rac.close} />
    </nav>
  );
}
