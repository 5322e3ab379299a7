import { Alert, Badge, Group, Stack, Tabs } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditHostDialog } from '@/components/devices/edit-host-dialog.tsx';
import { HostActionsMenu } from '@/components/devices/host-actions-menu.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { useHost } from '@/lib/api/get-hosts.ts';
import { useAllNodes } from '@/lib/api/get-nodes.ts';
import { describeError } from '@/lib/error-message.ts';
import { worstStatus } from '@/lib/node-health.ts';
import { paths } from '@/lib/paths.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { HostFieldsCard } from './components/host-fields-card.tsx';
import { HostInterfacesTable } from './components/host-interfaces-table.tsx';
import { HostNodesTable } from './components/host-nodes-table.tsx';

const routeApi = getRouteApi('/_layout/hosts/$hostId');

/** /hosts/$hostId: the device's fields, networks and interfaces; `?edit=true` opens the edit dialog (§3.8). */
export function HostDetailsPage() {
  const { t } = useTranslation('devices');
  const { hostId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const host = useHost(hostId);
  // Editing or deleting a host is a global write: only platform admins get the menu (spec §6).
  const isAdmin = useIsPlatformAdmin();
  const { data: allNodes } = useAllNodes();
  const nodes = useMemo(() => (allNodes ?? []).filter((node) => node.hostId === hostId), [allNodes, hostId]);
  const lastCheckIn = nodes.reduce<Date | undefined>(
    (latest, node) =>
      node.lastCheckIn && (!latest || node.lastCheckIn > latest) ? node.lastCheckIn : latest,
    undefined,
  );

  if (host.isPending) return <CenteredLoader />;
  if (host.isError)
    return (
      <Alert color="red" m="md">
        {describeError(host.error)}
      </Alert>
    );
  if (!host.data)
    return (
      <Alert color="yellow" m="md">
        {t('notFound')}
      </Alert>
    );
  const device = host.data;
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={device.name}
        description={t('detailsDescription')}
        icon={<IconDeviceDesktop size={24} />}
        breadcrumbs={[{ label: t('viewAll'), href: paths.devices() }, { label: device.name }]}
        actions={
          <Group gap="xs">
            <StatusBadge status={worstStatus(nodes.map((node) => node.status))} lastCheckIn={lastCheckIn} />
            {device.isBehindNat && (
              <Badge color="yellow" variant="light">
                {t('badges.behindNat')}
              </Badge>
            )}
            {isAdmin && (
              <HostActionsMenu
                host={device}
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
          <HostFieldsCard host={device} title={t('overviewTitle')} />
        </Tabs.Panel>
        <Tabs.Panel value="networks">
          <HostNodesTable host={device} nodes={nodes} />
        </Tabs.Panel>
        <Tabs.Panel value="interfaces">
          <HostInterfacesTable host={device} />
        </Tabs.Panel>
      </Tabs>
      <EditHostDialog
        host={search.edit ? device : undefined}
        onClose={() => setSearch({ edit: undefined })}
      />
    </Stack>
  );
}
