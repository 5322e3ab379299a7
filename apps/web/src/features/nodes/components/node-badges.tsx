import type { NodeFlag, NodeListItem } from '@meshdeck/contracts';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const BADGES: { flag: NodeFlag; color: string; label: string }[] = [
  { flag: 'relay', color: 'violet', label: 'badges.relay' },
  { flag: 'relayed', color: 'grape', label: 'badges.relayed' },
  { flag: 'egress', color: 'blue', label: 'badges.egress' },
  { flag: 'ingress', color: 'cyan', label: 'badges.ingress' },
  { flag: 'internetGateway', color: 'indigo', label: 'badges.internetGateway' },
  { flag: 'failover', color: 'orange', label: 'badges.failover' },
  { flag: 'behindNat', color: 'yellow', label: 'badges.behindNat' },
  { flag: 'removing', color: 'red', label: 'badges.removing' },
];

/** The node's roles and states as small badges next to its name. */
export function NodeBadges({ item }: { item: NodeListItem }) {
  const { t } = useTranslation('nodes');
  // Most nodes have no role: render nothing, which keeps 10,000-row scrolling cheap.
  if (item.flags.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {BADGES.filter((badge) => item.flags.includes(badge.flag)).map((badge) => (
        <Badge key={badge.flag} size="xs" variant="light" color={badge.color}>
          {t(badge.label as 'badges.relay')}
        </Badge>
      ))}
    </Group>
  );
}
