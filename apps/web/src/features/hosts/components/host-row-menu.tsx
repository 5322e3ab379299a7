import type { HostListItem } from '@meshdeck/contracts';
import { ActionIcon, Loader } from '@mantine/core';
import { HostActionsMenu } from './host-actions-menu.tsx';
import { useHostDetails } from '../api/host-list.ts';
import { networksOf } from '../host-filters.ts';

/**
 * The host menu of a devices row, mounted on first use: edit and "make default" need the whole host, which
 * the lean row does not carry, so it is read then (GET console/hosts/{id}), not for all 10,000 rows up front.
 */
export function HostRowMenu({ item }: { item: HostListItem }) {
  const details = useHostDetails(item.id);
  if (!details.data)
    return (
      <ActionIcon variant="subtle" aria-busy disabled aria-label={item.name}>
        <Loader size={14} />
      </ActionIcon>
    );
  return <HostActionsMenu host={details.data} networks={networksOf(item)} defaultOpened />;
}
