import { Alert, Badge, Box, Group, Stack, Tabs } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditHostDialog } from './components/edit-host-dialog.tsx';
import { HostActionsMenu } from './components/host-actions-menu.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useHost } from '@/lib/api/get-hosts.ts';
import { useAllNodes } from '@/lib/api/get-nodes.ts';
import { worstStatus } from '@/lib/node-health.ts';
import { paths } from '@/lib/paths.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { HostFieldsCard } from './components/host-fields-card.tsx';
import { HostInterfacesTable } from './components/host-interfaces-table.tsx';
import { HostNodesTable } from './components/host-nodes-table.tsx';

const routeApi = getRouteApi('/_layout/hosts/$hostId');

/** /hosts/$hostId: the host's fields, networks and interfaces; `?edit=true` opens the edit dialog (§3.8). */
export function HostDetailsPage() {
  const { t } = useTranslation('devices');
  const { hostId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const hostQuery = useHost(hostId);
  // Editing or deleting a host is a global write: only platform admins get the menu (spec §6).
  const isAdmin = useIsPlatformAdmin();
  const nodesQuery = useAllNodes();
  const allNodes = nodesQuery.data;
  const nodes = useMemo(() => (allNodes ?? []).filter((node) => node.hostId === hostId), [allNodes, hostId]);
  const lastCheckIn = nodes.reduce<Date | undefined>(
    (latest, node) =>
      node.lastCheckIn && (!latest || node.lastCheckIn > latest) ? node.lastCheckIn : latest,
    undefined,
  );

  if (hostQuery.isPending) return <CenteredLoader />;
  if (hostQuery.isError)
    return (
      <Box m="md">
        <LoadError error={hostQuery.error} onRetry={hostQuery.refetch} />
      </Box>
    );
  if (!hostQuery.data)
    return (
      <Alert color="yellow" m="md">
        {t('notFound')}
      </Alert>
    );
  const host = hostQuery.data;
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={host.name}
        description={t('detailsDescription')}
        icon={<IconDeviceDesktop size={24} />}
        breadcrumbs={[{ label: t('viewAll'), href: paths.devices() }, { label: host.name }]}
        actions={
          <Group gap="xs">
            <StatusBadge status={worstStatus(nodes.map((node) => node.status))} lastCheckIn={lastCheckIn} />
            {host.isBehindNat && (
              <Badge color="yellow" variant="light">
                {t('badges.behindNat')}
              </Badge>
            )}
            {isAdmin && (
              <HostActionsMenu
                host={host}
                networks={nodes.map((node) => node.network)}
                onEdit={() => setSearch({ edit: true })}
                onDeleted={() => void navigate({ to: paths.devices() })}
              />
            )}
          </Group>
        }
      />
      <Tabs
        value={search.tab ?? 'overview'}
        onChange={(tab) => setSearch({ tab: tab === 'networks' || tab === 'interfaces' ? tab : undefined })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">{t('tabs.overview')}</Tabs.Tab>
          <Tabs.Tab value="networks">{t('tabs.networks', { count: nodes.length })}</Tabs.Tab>
          <Tabs.Tab value="interfaces">{t('tabs.interfaces')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <HostFieldsCard host={host} title={t('overviewTitle')} />
        </Tabs.Panel>
        <Tabs.Panel value="networks">
          <HostNodesTable host={host} nodes={nodes} query={nodesQuery} />
        </Tabs.Panel>
        <Tabs.Panel value="interfaces">
          <HostInterfacesTable host={host} />
        </Tabs.Panel>
      </Tabs>
      <EditHostDialog host={search.edit ? host : undefined} onClose={() => setSearch({ edit: undefined })} />
    </Stack>
  );
}
