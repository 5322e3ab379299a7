import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NodeRow } from '../node-filters.ts';

/** The node's roles and states as small badges next to its name. */
export function NodeBadges({ row }: { row: NodeRow }) {
  const { t } = useTranslation('nodes');
  const { node } = row;
  const badges: { key: string; color: string; label: string }[] = [];
  if (node.roles.isRelay) badges.push({ key: 'relay', color: 'violet', label: t('badges.relay') });
  if (node.isRelayed) badges.push({ key: 'relayed', color: 'grape', label: t('badges.relayed') });
  if (node.roles.isEgress) badges.push({ key: 'egress', color: 'blue', label: t('badges.egress') });
  if (node.roles.isIngress) badges.push({ key: 'ingress', color: 'cyan', label: t('badges.ingress') });
  if (node.roles.isInternetGateway)
    badges.push({ key: 'inet', color: 'indigo', label: t('badges.internetGateway') });
  if (node.isFailover) badges.push({ key: 'failover', color: 'orange', label: t('badges.failover') });
  if (row.isBehindNat) badges.push({ key: 'nat', color: 'yellow', label: t('badges.behindNat') });
  if (node.isPendingDelete) badges.push({ key: 'removing', color: 'red', label: t('badges.removing') });
  if (badges.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {badges.map((badge) => (
        <Badge key={badge.key} size="xs" variant="light" color={badge.color}>
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}
