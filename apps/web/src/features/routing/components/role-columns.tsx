import type { NodeListItem } from '@meshdeck/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { RowLink } from '@/components/data-table/row-link.tsx';
import { paths } from '@/lib/paths.ts';

/** The columns the routing pages' node tables share. */
export const nodeColumn = createColumnHelper<NodeListItem>();

const addresses = (item: NodeListItem) => [item.address, item.address6].filter(Boolean).join(', ');

/** The node's host name, a link to the host in this network; a key column (it stays on a narrow screen). */
export const hostColumn = (header: string, networkId: string) =>
  nodeColumn.accessor('name', {
    meta: { isKey: true },
    header,
    cell: (info) => (
      <RowLink href={paths.networkHost(networkId, info.row.original.hostId)}>{info.getValue()}</RowLink>
    ),
  });

/** The node's IPv4 and IPv6 addresses. */
export const addressesColumn = (header: string, isKey: boolean) =>
  nodeColumn.accessor(addresses, { id: 'addresses', ...(isKey && { meta: { isKey: true } }), header });

/** The row menu's column, only when the user may use some item of the menu. */
export function actionsColumn<T>(isShown: boolean, menu: (row: T) => ReactNode): ColumnDef<T>[] {
  if (!isShown) return [];
  return [
    createColumnHelper<T>().display({
      id: 'actions',
      header: '',
      size: 60,
      cell: (info) => menu(info.row.original),
    }),
  ];
}
