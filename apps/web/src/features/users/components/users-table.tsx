import type { PeopleGroup, PeopleUser } from '@meshdeck/contracts';
import { ActionIcon, Anchor, Badge, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconCrown, IconDots, IconKey, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { createContext, use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { platformRoleLabel } from '@/features/roles/roles.public.ts';
import { paths } from '@/lib/paths.ts';
import { userActionRules, type Caller, type Refusal } from '@/lib/people-rules.ts';

const column = createColumnHelper<PeopleUser>();

export interface UsersTableProps {
  users: readonly PeopleUser[];
  /** The rows' query: the table shows loading, failure and emptiness apart. */
  query: TableQuery;
  groups: ReadonlyMap<string, PeopleGroup>;
  caller: Caller;
  isPro: boolean;
  search: string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  onOpen: (user: PeopleUser) => void;
  onDelete: (user: PeopleUser) => void;
  onTransfer: (user: PeopleUser) => void;
  onChangePassword: (user: PeopleUser) => void;
}

/**
 * Cells read the changing inputs (groups, caller, handlers) from context, so the column definitions stay the
 * same object across renders: TanStack renders each cell function as a component, and a new function would
 * remount the cell and close a row menu the moment any query refreshed.
 */
const RowContext = createContext<UsersTableProps | null>(null);

function useRow(): UsersTableProps {
  const context = use(RowContext);
  if (!context) throw new Error('users table cell outside its table');
  return context;
}

function UsernameCell({ user }: { user: PeopleUser }) {
  const { onOpen } = useRow();
  return (
    <Anchor component="button" type="button" size="sm" fw={500} onClick={() => onOpen(user)}>
      {user.username}
    </Anchor>
  );
}

function GroupsCell({ user }: { user: PeopleUser }) {
  const { groups } = useRow();
  return (
    <Group gap={4}>
      {user.groupIds.map((id) => (
        <Anchor key={id} component={Link} to={paths.group(id)} size="xs">
          <Badge size="sm" variant="outline" style={{ cursor: 'pointer' }}>
            {groups.get(id)?.name ?? id}
          </Badge>
        </Anchor>
      ))}
    </Group>
  );
}

function ActionsCell({ user }: { user: PeopleUser }) {
  const { t } = useTranslation('people');
  const { caller, onDelete, onTransfer, onChangePassword } = useRow();
  const rules = userActionRules(caller, user);
  const item = (reason: Refusal, label: string, icon: ReactNode, onClick: () => void, color?: string) => (
    <Tooltip label={reason ? t(reason) : ''} disabled={!reason} position="left" withinPortal>
      <div>
        <Menu.Item color={color} leftSection={icon} disabled={reason !== null} onClick={onClick}>
          {label}
        </Menu.Item>
      </div>
    </Tooltip>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('users.actionsFor', { name: user.username })}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {item(rules.password, t('users.changePassword'), <IconKey size={14} />, () => onChangePassword(user))}
        {item(rules.transfer, t('users.transfer'), <IconCrown size={14} />, () => onTransfer(user))}
        {item(rules.delete, t('actions.delete'), <IconTrash size={14} />, () => onDelete(user), 'red')}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Users: username, platform access level, groups, auth type and a menu whose items are disabled with the
 * reason when the caller's role forbids them (features §3.22).
 */
export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation('people');
  const { isPro } = props;
  const columns = useMemo(
    () => [
      column.accessor('username', {
        header: t('columns.username'),
        cell: (info) => <UsernameCell user={info.row.original} />,
      }),
      column.accessor((user) => platformRoleLabel(t, user.platformRoleId), {
        id: 'role',
        header: t('columns.platformRole'),
        // On Pro the level links to its permission matrix, so "what may this user do" is one click away.
        cell: (info) =>
          isPro ? (
            <Anchor component={Link} to={paths.platformRole(info.row.original.platformRoleId)} size="sm">
              {info.getValue()}
            </Anchor>
          ) : (
            info.getValue()
          ),
      }),
      ...(isPro
        ? [
            column.accessor((user) => user.groupIds.join(', '), {
              id: 'groups',
              header: t('columns.groups'),
              enableSorting: false,
              cell: (info) => <GroupsCell user={info.row.original} />,
            }),
          ]
        : []),
      column.accessor((user) => (user.isOAuth ? t('authType.oauth') : t('authType.basic')), {
        id: 'authType',
        header: t('columns.authType'),
      }),
      column.display({
        id: 'actions',
        header: '',
        size: 60,
        cell: (info) => <ActionsCell user={info.row.original} />,
      }),
    ],
    [t, isPro],
  );

  return (
    <RowContext value={props}>
      <DataTable
        data={props.users}
        query={props.query}
        columns={columns}
        getRowId={(user) => user.username}
        label={t('users.tableLabel')}
        search={props.search}
        sorting={props.sorting}
        onSortingChange={props.onSortingChange}
        height="60vh"
        empty={<Text c="dimmed">{t('users.empty')}</Text>}
      />
    </RowContext>
  );
}
