import type { TFunction } from 'i18next';
import tableClasses from '@/components/data-table/data-table.module.css';
import { RowBadge } from '@/components/data-table/row-badge.tsx';
import { tagLabel } from '@/lib/tag-label.ts';

/** Tags shown in a row before "+N more": enough to recognise a node, short enough for its cell. */
const SHOWN_TAGS = 3;

/** A node's tags as small badges in a table cell (`t`: the nodes namespace). */
export function NodeTagBadges({
  tags,
  networkId,
  t,
}: {
  tags: readonly string[];
  networkId: string;
  t: TFunction<'nodes'>;
}) {
  // Most nodes have no tag: render nothing, which keeps 10,000-row scrolling cheap.
  if (tags.length === 0) return null;
  const hidden = tags.length - SHOWN_TAGS;
  return (
    <div className={tableClasses.cellBadges}>
      {tags.slice(0, SHOWN_TAGS).map((id) => (
        <RowBadge key={id} size="xs" color="gray" variant="outline">
          {tagLabel(id, networkId)}
        </RowBadge>
      ))}
      {hidden > 0 && (
        <span title={tags.slice(SHOWN_TAGS).join(', ')}>{t('tags.more', { count: hidden })}</span>
      )}
    </div>
  );
}
