import type { NodeListItem } from '@meshdeck/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { memberText, rowText, searchRows, useNetworkRows } from '../routing-rows.ts';
import { RolePageFrame } from './role-page-frame.tsx';
import { RoleTable } from './role-table.tsx';

// Columns of one table hold different value types; TanStack's own helpers type such arrays with `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Columns = ColumnDef<NodeListItem, any>[];

/** One of the page's two tables: its texts and its search (kept in the URL by the page). */
export interface RoleMembersTable {
  title: string;
  searchLabel: string;
  search: string | undefined;
  onSearch: (value: string) => void;
}

export interface RoleMembersPageProps {
  /** The role whose holders the first table lists (a node's list flag has the role's name). */
  role: 'relay' | 'internetGateway';
  networkId: string;
  canCreate: boolean;
  /** The holder a member node is attached to (its relay, its internet gateway). */
  holderOf: (item: NodeListItem) => string | undefined;
  /** The holders' columns, given the members (memoise the builder: it runs again when it changes). */
  holderColumns: (members: readonly NodeListItem[]) => Columns;
  /** The members' columns, given the members and the network's node names. */
  memberColumns: (members: readonly NodeListItem[], names: ReadonlyMap<string, string>) => Columns;
  holders: RoleMembersTable;
  members: RoleMembersTable & { emptyText: string };
}

/**
 * A routing role's page where nodes hold the role and other nodes attach to a holder (relays and the nodes they
 * relay, internet gateways and the nodes routed through them): the holders' table above, the members' below.
 */
export function RoleMembersPage(props: RoleMembersPageProps) {
  const { t } = useTranslation('routing');
  const { role, holderOf, holderColumns, memberColumns } = props;
  const list = useNetworkRows(props.networkId);
  const holders = useMemo(() => list.rows.filter((item) => item.flags.includes(role)), [list.rows, role]);
  const members = useMemo(
    () => list.rows.filter((item) => holderOf(item) !== undefined),
    [list.rows, holderOf],
  );
  const shownHolders = useMemo(
    () => searchRows(holders, props.holders.search, rowText),
    [holders, props.holders.search],
  );
  const shownMembers = useMemo(
    () => searchRows(members, props.members.search, memberText(list.names, holderOf)),
    [members, props.members.search, list.names, holderOf],
  );
  const holderColumnList = useMemo(() => holderColumns(members), [holderColumns, members]);
  const memberColumnList = useMemo(
    () => memberColumns(members, list.names),
    [memberColumns, members, list.names],
  );

  return (
    <RolePageFrame
      role={role}
      networkId={props.networkId}
      canCreate={props.canCreate}
      list={list}
      hasHolders={holders.length > 0}
    >
      <RoleTable
        title={props.holders.title}
        rows={shownHolders}
        query={list}
        columns={holderColumnList}
        search={props.holders.search}
        searchLabel={props.holders.searchLabel}
        onSearch={props.holders.onSearch}
        emptyText={t('noMatch')}
      />
      <RoleTable
        title={props.members.title}
        rows={shownMembers}
        query={list}
        columns={memberColumnList}
        search={props.members.search}
        searchLabel={props.members.searchLabel}
        onSearch={props.members.onSearch}
        emptyText={props.members.emptyText}
      />
    </RolePageFrame>
  );
}
