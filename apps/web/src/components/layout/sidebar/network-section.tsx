import { Button, Stack, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
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
  const query = useNetworks();
  const networks = query.data ?? [];
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  // The route wins over saved state, and a saved id that is no longer one of the user's networks is ignored.
  const activeNetworkId =
    [routeNetwork, savedNetwork].find((id) => id !== undefined && id !== null && hasNetwork(networks, id)) ??
    null;

  // Until the networks are read the section is an outline: "no network" (Add Network) is only said when true.
  if (query.isPending && !query.error)
    return (
      <Stack gap={2} role="status" aria-label={t('sidebar.networksLoading')} data-testid="networks-pending">
        {[0, 1, 2].map((row) => (
          <span key={row} className={`${classes.skeleton} ${classes.skeletonRow}`} />
        ))}
      </Stack>
    );
  if (query.error && query.data === undefined)
    return (
      <Stack gap={4}>
        <Text fz="xs" c="red" role="alert">
          {t('sidebar.networksFailed')}
        </Text>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={isCollapsed ? undefined : <IconRefresh size={14} />}
          onClick={() => void query.refetch()}
          aria-label={t('sidebar.networksRetry')}
          px={isCollapsed ? 0 : undefined}
        >
          {isCollapsed ? <IconRefresh size={14} /> : t('sidebar.networksRetry')}
        </Button>
      </Stack>
    );
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
