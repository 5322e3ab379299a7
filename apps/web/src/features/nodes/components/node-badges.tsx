import type { NodeFlag, NodeListItem } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import tableClasses from '@/components/data-table/data-table.module.css';
import { RowBadge } from '@/components/data-table/row-badge.tsx';

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

/** The node's roles and states as small badges next to its name (`t`: the table's, in the nodes namespace). */
export function NodeBadges({ item, t }: { item: NodeListItem; t: TFunction<'nodes'> }) {
  // Most nodes have no role: render nothing, which keeps 10,000-row scrolling cheap.
  if (item.flags.length === 0) return null;
  return (
    <div className={tableClasses.cellBadges}>
      {BADGES.filter((badge) => item.flags.includes(badge.flag)).map((badge) => (
        <RowBadge key={badge.flag} size="xs" color={badge.color}>
          {t(badge.label as 'badges.relay')}
        </RowBadge>
      ))}
    </div>
  );
}
