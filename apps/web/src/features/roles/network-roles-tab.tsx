import type { PeopleRole } from '@meshdeck/contracts';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useRoles } from '@/lib/api/people-queries.ts';
import { paths } from '@/lib/paths.ts';
import { roleName } from '@/lib/role-name.ts';

const column = createColumnHelper<PeopleRole>();

/**
 * The Network Roles tab of /users: every network role, the server's built-in ones and the custom ones, each
 * linking to its page, with the way to create one (issue 30: a created role could be found again only by id).
 */
export function NetworkRolesTab() {
  const { t } = useTranslation('people');
  const roles = useRoles('network');
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () =>
      [...(roles.data ?? [])].sort(
        (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name),
      ),
    [roles.data],
  );

  const columns = useMemo(
    () => [
      // Built-in roles by their name in the active language (role-name.ts), so search and sort use it too.
      column.accessor((role) => roleName(t, role), {
        id: 'name',
        header: t('columns.name'),
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={paths.networkRole(info.row.original.id)} size="sm" fw={500}>
              {info.getValue()}
            </Anchor>
            {info.row.original.isDefault && (
              <Badge size="xs" variant="light">
                {t('common.default')}
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor(
        (role) => (role.networkId === 'all_networks' ? t('networkRoles.allNetworks') : role.networkId),
        {
          id: 'network',
          header: t('columns.network'),
        },
      ),
      column.accessor((role) => (role.hasFullAccess ? t('roles.fullAccess') : t('roles.limitedAccess')), {
        id: 'access',
        header: t('roles.access'),
      }),
    ],
    [t],
  );

  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('roles.search')}
          aria-label={t('roles.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Button component={Link} to={paths.createNetworkRole()} leftSection={<IconPlus size={16} />}>
          {t('roles.createTitle')}
        </Button>
      </Group>
      <DataTable
        data={rows}
        query={roles}
        columns={columns}
        getRowId={(role) => role.id}
        label={t('roles.tableLabel')}
        search={search}
        height="50vh"
        empty={<Text c="dimmed">{t('roles.empty')}</Text>}
      />
    </Stack>
  );
}
