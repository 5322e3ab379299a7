import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { hasNetwork, useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { networkNavItems } from '../nav-items.ts';
import { PageIcon } from '../page-catalog.tsx';
import { NetworkSwitcher } from './network-switcher.tsx';
import { SidebarLink } from './sidebar-link.tsx';
import classes from './sidebar.module.css';

/**
 * The sidebar's network part (spec §2): the switcher and the active network's pages, or, with no networks,
 * Networks and Add Network.
 */
export function NetworkSection({ isCollapsed, isPro }: { isCollapsed: boolean; isPro: boolean }) {
  const { t } = useTranslation(['shell', 'pages']);
  const savedNetwork = useSession((state) => state.activeNetwork);
  const routeNetwork = useParams({ strict: false, select: (params) => params.networkId });
  const networks = useNetworks().data ?? [];
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  // The route wins over saved state, and a saved id that is no longer one of the user's networks is ignored.
  const activeNetworkId =
    [routeNetwork, savedNetwork].find((id) => id !== undefined && id !== null && hasNetwork(networks, id)) ??
    null;

  return networks.length === 0 ? (
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
      <NetworkSwitcher networks={networks} activeNetworkId={activeNetworkId} isCollapsed={isCollapsed} />
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
  );
}
