import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { LaggingNode, MeshHealth as MeshHealthData, ProblemPair } from '@meshdeck/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error.tsx';
import { formatUptime } from '@/lib/format.ts';
import { paths } from '@/lib/paths.ts';
import { useMeshHealth } from '@/features/dashboard/api/get-mesh-health.ts';
import { MeshHealthLoading } from './mesh-health-loading.tsx';

/** Problem pairs and lagging nodes shown on the dashboard; the metrics page has them all. */
const SHOWN = 8;

const metricsLink = (network: string, search?: string) =>
  paths.network(network, 'metrics', { problems: true, search });

/** The whole mesh's figures, summed over the networks. */
function totalsOf(health: MeshHealthData) {
  const totals = { healthy: 0, unstable: 0, error: 0, offline: 0, unknown: 0, nodes: 0 };
  const pairs = { unreachable: 0, relayed: 0, lagging: 0 };
  for (const network of health.networks) {
    for (const [status, count] of Object.entries(network.nodes)) {
      totals[status as keyof typeof network.nodes] += count;
      totals.nodes += count;
    }
    pairs.unreachable += network.pairs.unreachable;
    pairs.relayed += network.pairs.relayed;
    pairs.lagging += network.lagging;
  }
  return { ...totals, ...pairs };
}

function Figure({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={value > 0 ? color : undefined} data-testid={`mesh-${label}`}>
        {value}
      </Text>
    </Card>
  );
}

function PairItem({ pair }: { pair: ProblemPair }) {
  const { t } = useTranslation('dashboard');
  const { t: tm } = useTranslation('metrics');
  const state = pair.connected ? t('relayedVia', { name: pair.via ?? '?' }) : t('unreachable');
  return (
    <List.Item>
      <Anchor component={Link} to={metricsLink(pair.network, pair.node_name)}>
        {t('pair', { from: pair.node_name, to: pair.peer_name })}
      </Anchor>{' '}
      <Badge size="sm" variant="light" color={pair.connected ? 'yellow' : 'red'}>
        {state}
      </Badge>{' '}
      {pair.reason && (
        <Text span size="sm" c="dimmed">
          {tm(`reason.${pair.reason}`)}
        </Text>
      )}
    </List.Item>
  );
}

function LagItem({ node }: { node: LaggingNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <List.Item>
      <Anchor component={Link} to={paths.network(node.network, 'metrics', { search: node.node_name })}>
        {node.node_name}
      </Anchor>{' '}
      <Text span size="sm" c="dimmed">
        {t('lag', {
          applied: node.applied_version,
          server: node.server_version,
          behind: formatUptime(node.behind_s / 60),
        })}
      </Text>
    </List.Item>
  );
}

/**
 * The dashboard's mesh health (issue 41): node statuses, pairs that cannot reach each other or go through a relay,
 * and nodes whose agent lags the server's peer update, from `GET /api/v1/metrics-health`. Loading shows skeletons,
 * a failed read its reason with Retry; "nothing yet" only once the server said so.
 */
export function MeshHealth() {
  const { t } = useTranslation('dashboard');
  const health = useMeshHealth();
  if (health.isPending) return <MeshHealthLoading />;
  if (health.isError && !health.data)
    return (
      <Card withBorder padding="lg">
        <LoadError error={health.error} onRetry={() => health.refetch()} />
      </Card>
    );
  const data = health.data;
  const totals = totalsOf(data);
  return (
    <Card withBorder padding="lg" aria-labelledby="mesh-health-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="mesh-health-title">
          {t('title')}
        </Title>
        {health.isError && <LoadError error={health.error} onRetry={() => health.refetch()} />}
        {totals.nodes === 0 ? (
          <Text c="dimmed">
            {data.networks.length === 0 ? t('noNetworks') : t('noDevices')}{' '}
            <Anchor component={Link} to={paths.hello()}>
              {t('gettingStarted')}
            </Anchor>
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
              <Figure label={t('healthy')} value={totals.healthy} color="green" />
              <Figure label={t('unstable')} value={totals.unstable} color="orange" />
              <Figure label={t('offline')} value={totals.offline + totals.error} color="red" />
              <Figure label={t('unreachablePairs')} value={totals.unreachable} color="red" />
              <Figure label={t('relayedPairs')} value={totals.relayed} color="yellow" />
              <Figure label={t('lagging')} value={totals.lagging} color="orange" />
            </SimpleGrid>
            <NetworksHealth data={data} />
            {data.problem_pairs.length > 0 && (
              <Stack gap={4}>
                <Text fw={600}>{t('problemPairs')}</Text>
                <List size="sm" spacing={4}>
                  {data.problem_pairs.slice(0, SHOWN).map((pair) => (
                    <PairItem key={`${pair.node_id} ${pair.peer_id}`} pair={pair} />
                  ))}
                </List>
              </Stack>
            )}
            {data.lagging_nodes.length > 0 && (
              <Stack gap={4}>
                <Text fw={600}>{t('laggingNodes')}</Text>
                <List size="sm" spacing={4}>
                  {data.lagging_nodes.slice(0, SHOWN).map((node) => (
                    <LagItem key={node.node_id} node={node} />
                  ))}
                </List>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** One row per network, each figure a link to the page that lists what it counts. */
function NetworksHealth({ data }: { data: MeshHealthData }) {
  const { t } = useTranslation('dashboard');
  const count = (value: number, to: string) =>
    value === 0 ? (
      <Text span c="dimmed">
        0
      </Text>
    ) : (
      <Anchor component={Link} to={to}>
        {value}
      </Anchor>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t('perNetwork')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('network')}</Table.Th>
            <Table.Th>{t('healthy')}</Table.Th>
            <Table.Th>{t('unstable')}</Table.Th>
            <Table.Th>{t('offline')}</Table.Th>
            <Table.Th>{t('unreachablePairs')}</Table.Th>
            <Table.Th>{t('relayedPairs')}</Table.Th>
            <Table.Th>{t('lagging')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.networks.map(({ network, nodes, pairs, lagging }) => (
            <Table.Tr key={network}>
              <Table.Td>
                <Group gap={6}>
                  <Anchor component={Link} to={paths.network(network)}>
                    {network}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>
                {count(nodes.healthy, paths.network(network, 'nodes', { status: 'healthy' }))}
              </Table.Td>
              <Table.Td>
                {count(nodes.unstable, paths.network(network, 'nodes', { status: 'unstable' }))}
              </Table.Td>
              <Table.Td>
                {count(
                  nodes.offline + nodes.error,
                  paths.network(network, 'nodes', { status: nodes.offline > 0 ? 'offline' : 'error' }),
                )}
              </Table.Td>
              <Table.Td>{count(pairs.unreachable, metricsLink(network))}</Table.Td>
              <Table.Td>{count(pairs.relayed, metricsLink(network))}</Table.Td>
              <Table.Td>{count(lagging, paths.network(network, 'metrics'))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
