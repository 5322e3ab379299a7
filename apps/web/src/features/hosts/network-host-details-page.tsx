import { Alert, Box, Group, Stack } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NodeActionsMenu, NodeTagsCard, useNodeWrites } from '@/features/nodes/nodes.public.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { rolesOfView } from '@/features/routing/routing.public.ts';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useNetworkNodes } from '@/lib/api/get-nodes.ts';
import { paths } from '@/lib/paths.ts';
import { useHostDetails } from './api/host-list.ts';
import { HostFieldsCard } from './components/host-fields-card.tsx';
import { NodeFieldsCard } from './components/node-fields-card.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/hosts/$hostId');

/** /networks/$networkId/hosts/$hostId: the host's node in one network and its global settings (§3.9). */
export function NetworkHostDetailsPage() {
  const { t } = useTranslation('devices');
  const { networkId, hostId } = routeApi.useParams();
  const navigate = useNavigate();
  // One host, readable by whoever reads one of its networks (GET hosts lists all of them, for platform admins only).
  const host = useHostDetails(hostId);
  const nodes = useNetworkNodes(networkId);
  // The node menu shows to callers with any of its items; each item checks its own scope (decision 053).
  const canAct = useNodeWrites(networkId).hasAny;
  const node = nodes.data?.find((item) => item.hostId === hostId);

  if (host.isPending || nodes.isPending) return <CenteredLoader />;
  const error = host.error ?? nodes.error;
  if (error)
    return (
      <Box m="md">
        <LoadError error={error} onRetry={() => Promise.all([host.refetch(), nodes.refetch()])} />
      </Box>
    );
  if (!host.data || !node)
    return (
      <Alert color="yellow" m="md">
        {t('notInNetwork', { network: networkId })}
      </Alert>
    );
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={host.data.name}
        description={t('networkDetailsDescription', { network: networkId })}
        icon={<IconDeviceDesktop size={24} />}
        breadcrumbs={[{ label: networkId, href: paths.network(networkId) }, { label: host.data.name }]}
        actions={
          <Group gap="xs">
            {canAct && (
              <NodeActionsMenu
                node={node}
                hostName={host.data.name}
                roles={rolesOfView(node)}
                onRemoved={() => void navigate({ to: paths.network(networkId) })}
              />
            )}
          </Group>
        }
      />
      <NodeFieldsCard node={node} />
      <NodeTagsCard nodeId={node.id} networkId={networkId} name={host.data.name} tags={node.tags} />
      <HostFieldsCard host={host.data} title={t('globalSettings')} />
    </Stack>
  );
}
