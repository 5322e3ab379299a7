import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SIDEBAR_AUTO_COLLAPSE_BELOW, usePreferences } from '@/lib/preferences.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import { useLiveUpdates } from '@/lib/use-live-updates.ts';
import { HealthBanners } from './health-banners.tsx';
import { ServerHealthOverlay } from './server-health-overlay.tsx';
import { Sidebar } from './sidebar/sidebar.tsx';

/**
 * Frame of every signed-in page: the sidebar, the health banners, the page and the unhealthy-server overlay.
 * It also owns the two app-wide connections: the 10 s status poll and the change stream that keeps every
 * list fresh. `dialogs` receives app-wide dialogs owned by features (the create-network modal), which
 * shared code may not import itself.
 */
export function ProtectedLayout({ dialogs }: { dialogs?: ReactNode }) {
  const queryClient = useQueryClient();
  const { status } = useServerStatus(queryClient);
  useLiveUpdates();
  const isNarrow = useMediaQuery(`(max-width: ${SIDEBAR_AUTO_COLLAPSE_BELOW - 0.02}px)`) ?? false;
  const isSidebarCollapsed = usePreferences((state) => state.isSidebarCollapsed);
  const setSidebarCollapsed = usePreferences((state) => state.setSidebarCollapsed);
  const isCollapsed = isNarrow || isSidebarCollapsed;

  return (
    <Box style={{ display: 'flex', minHeight: '100dvh' }}>
      <Sidebar
        isCollapsed={isCollapsed}
        canToggle={!isNarrow}
        onToggle={() => setSidebarCollapsed(!isSidebarCollapsed)}
        isPro={status.isPro}
        serverVersion={status.version}
      />
      <Box component="main" style={{ flex: 1, minWidth: 0 }}>
        <HealthBanners status={status} />
        <Box p={{ base: 'md', sm: 'xl' }}>
          <Outlet />
        </Box>
      </Box>
      {dialogs}
      <ServerHealthOverlay status={status} />
    </Box>
  );
}
