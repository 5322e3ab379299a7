import { ActionIcon, Box, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_AUTO_COLLAPSE_BELOW, usePreferences } from '@/lib/preferences.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import { useLiveUpdates } from '@/lib/use-live-updates.ts';
import { useHostedVersionSync } from '@/lib/version-sync.ts';
import { EditionOutlet } from './edition-outlet.tsx';
import { HealthBanners } from './health-banners.tsx';
import { ServerHealthOverlay } from './server-health-overlay.tsx';
import { Sidebar } from './sidebar/sidebar.tsx';
import classes from './sidebar/sidebar.module.css';
import { SupportWidgets } from './support-widgets.tsx';

const SIDEBAR_ID = 'main-sidebar';

/**
 * Frame of every signed-in page: the sidebar, the health banners, the page and the unhealthy-server overlay.
 * It also owns the two app-wide connections: the 10 s status poll and the change stream that keeps every
 * list fresh. `dialogs` receives app-wide dialogs owned by features (the create-network modal), which
 * shared code may not import itself. Below 768 px the sidebar is a drawer behind the top bar's menu button,
 * closed by default and after every navigation, so a phone gets the whole width for the page (issue 30).
 */
export function ProtectedLayout({ dialogs }: { dialogs?: ReactNode }) {
  const { t } = useTranslation(['shell', 'common']);
  const queryClient = useQueryClient();
  const { status, isLoaded } = useServerStatus(queryClient);
  useLiveUpdates();
  useHostedVersionSync(status.version);
  const isNarrow = useMediaQuery(`(max-width: ${SIDEBAR_AUTO_COLLAPSE_BELOW - 0.02}px)`) ?? false;
  const isSidebarCollapsed = usePreferences((state) => state.isSidebarCollapsed);
  const setSidebarCollapsed = usePreferences((state) => state.setSidebarCollapsed);
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [isNarrow, closeDrawer]);
  useEffect(() => {
    if (!isDrawerOpen) return undefined;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [isDrawerOpen, closeDrawer]);

  return (
    <Box className={classes.frame}>
      {isDrawerOpen && <CloseOnNavigation onNavigate={closeDrawer} />}
      {isNarrow && isDrawerOpen && <div className={classes.backdrop} aria-hidden onClick={drawer.close} />}
      <Sidebar
        id={SIDEBAR_ID}
        isCollapsed={!isNarrow && isSidebarCollapsed}
        isDrawer={isNarrow}
        isDrawerOpen={isDrawerOpen}
        onToggle={isNarrow ? drawer.close : () => setSidebarCollapsed(!isSidebarCollapsed)}
        // Nothing is guessed: until the server's first answer the edition and version are skeletons.
        isPro={isLoaded ? status.isPro : undefined}
        serverVersion={isLoaded ? status.version : undefined}
      />
      <Box component="main" className={classes.main}>
        {isNarrow && (
          <header className={classes.topBar}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={drawer.open}
              aria-label={t('sidebar.openMenu')}
              aria-expanded={isDrawerOpen}
              aria-controls={SIDEBAR_ID}
            >
              <IconMenu2 size={22} />
            </ActionIcon>
            <Text fw={700}>{t('common:appName')}</Text>
          </header>
        )}
        <HealthBanners status={status} />
        <Box p={{ base: 'md', sm: 'xl' }}>
          <EditionOutlet isPro={status.isPro} isLoaded={isLoaded} />
        </Box>
      </Box>
      {dialogs}
      <ServerHealthOverlay status={status} />
      <SupportWidgets isPro={status.isPro} isLoaded={isLoaded} />
    </Box>
  );
}

/**
 * Closes the drawer when the address changes. Mounted only while the drawer is open: a shell that followed the
 * address itself re-rendered the whole sidebar on every keystroke of a page's search (the search is in the URL).
 */
function CloseOnNavigation({ onNavigate }: { onNavigate: () => void }) {
  const href = useRouterState({ select: (state) => state.location.href });
  const openedAt = useRef(href);
  useEffect(() => {
    if (href !== openedAt.current) onNavigate();
  }, [href, onNavigate]);
  return null;
}
