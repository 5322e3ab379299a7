import { Anchor, Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths.ts';
import { EDGE_COLOURS } from '../graph-colours.ts';
import type { GraphEdge, GraphModel, GraphNode } from '../graph-model.ts';

/** Edges of the selected node listed at most (a relay may carry thousands). */
const MAX_LISTED = 12;

interface GraphDetailsProps {
  networkId: string;
  node: GraphNode;
  model: GraphModel;
  onClose: () => void;
}

/** The clicked node: what it is, its status and roles, its link, and its routes and problem pairs. */
export function GraphDetails({ networkId, node, model, onClose }: GraphDetailsProps) {
  const { t } = useTranslation('graph');
  const names = new Map(model.nodes.map((n) => [n.id, n.label]));
  const touching = model.edges.filter((e) => e.source === node.id || e.target === node.id);
  const problems = touching.filter((e) => e.kind === 'problem');
  const routes = touching.filter((e) => e.kind !== 'problem' && e.kind !== 'direct');
  const describe = (edge: GraphEdge) => {
    const other = names.get(edge.source === node.id ? edge.target : edge.source) ?? '';
    const parts = [
      edge.isConnected === false ? t('pair.unreachable') : undefined,
      edge.latency === undefined ? undefined : t('pair.latency', { value: edge.latency }),
      edge.via === undefined ? undefined : t('pair.via', { name: names.get(edge.via) ?? edge.via }),
      edge.reason === undefined ? undefined : t(`reasons.${edge.reason}`),
    ].filter(Boolean);
    return { other, text: parts.join(' · ') };
  };
  return (
    <Stack gap="xs" data-testid="graph-details">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} truncate>
          {node.label}
        </Text>
        <CloseButton size="sm" aria-label={t('details.close')} onClick={onClose} />
      </Group>
      <Group gap={6}>
        <Badge variant="light" size="sm">
          {t(`kinds.${node.kind}`)}
        </Badge>
        {node.status && (
          <Badge variant="outline" size="sm" color="gray">
            {node.status}
          </Badge>
        )}
        {node.roles
          .filter((role) => role !== 'behindNat' && role !== 'removing')
          .map((role) => (
            <Badge key={role} variant="dot" size="sm">
              {t(`roles.${role}`)}
            </Badge>
          ))}
      </Group>
      {node.address && (
        <Text size="sm" c="dimmed">
          {node.address}
        </Text>
      )}
      {node.hostId && (
        <Anchor component={Link} to={paths.networkHost(networkId, node.hostId)} size="sm">
          {t('details.open')}
        </Anchor>
      )}
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {t('details.problems', { count: problems.length })}
      </Text>
      {problems.slice(0, MAX_LISTED).map((edge) => {
        const { other, text } = describe(edge);
        return (
          <Text
            key={edge.id}
            size="sm"
            style={{
              borderLeft: `3px solid ${EDGE_COLOURS[edge.tone === 'role' ? 'gray' : edge.tone]}`,
              paddingLeft: 6,
            }}
          >
            <b>{other}</b> {text}
          </Text>
        );
      })}
      {routes.length > 0 && (
        <Text size="xs" fw={600} tt="uppercase" c="dimmed">
          {t('details.routes', { count: routes.length })}
        </Text>
      )}
      {routes.slice(0, MAX_LISTED).map((edge) => (
        <Text key={edge.id} size="sm">
          {t(`edgeKinds.${edge.kind}`)}: <b>{describe(edge).other}</b>
        </Text>
      ))}
    </Stack>
  );
}
