import { listStatusFilters, type ListStatusFilter, type NodeTypeFilter } from '@meshdeck/contracts';
import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/ui/filter-select.tsx';
import { SegmentedFilter } from '@/components/ui/segmented-filter.tsx';
import { NODE_TYPE_FILTERS } from '../node-filters.ts';
import { nodeStatusField, nodeTypeField } from '../nodes-search.ts';

export interface NodesToolbarProps {
  search: string | undefined;
  type: NodeTypeFilter | undefined;
  status: ListStatusFilter | undefined;
  onChange: (patch: {
    search?: string | undefined;
    type?: NodeTypeFilter | undefined;
    status?: ListStatusFilter | undefined;
  }) => void;
}

/** Search, node-type and status filters; every value lives in the URL so a filtered view can be shared. */
export function NodesToolbar({ search, type, status, onChange }: NodesToolbarProps) {
  const { t } = useTranslation('nodes');
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        value={search ?? ''}
        onChange={(event) => onChange({ search: event.currentTarget.value })}
        w={300}
      />
      <SegmentedFilter
        label={t('typeFilter')}
        value={type ?? 'all'}
        onChange={(value) => onChange({ type: nodeTypeField(value) })}
        data={NODE_TYPE_FILTERS.map((value) => ({ value, label: t(`types.${value}`) }))}
      />
      <FilterSelect
        aria-label={t('statusFilter')}
        placeholder={t('statusFilter')}
        value={status ?? null}
        onChange={(value) => onChange({ status: nodeStatusField(value) })}
        data={listStatusFilters.map((value) => ({ value, label: t(`status.${value}`) }))}
        w={180}
      />
    </Group>
  );
}
