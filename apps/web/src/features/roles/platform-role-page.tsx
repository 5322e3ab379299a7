import { permissionScopes, type PermissionRow } from '@meshdeck/contracts';
import { Alert, Anchor, Badge, Group, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { platformRoleLabel } from '@/components/people/platform-role-label.ts';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { useRole } from '@/lib/api/people-queries.ts';
import { describeError } from '@/lib/error-message.ts';
import { paths } from '@/lib/paths.ts';

const Mark = ({ isOn, label }: { isOn: boolean; label: string }) => (
  <ThemeIcon variant="light" color={isOn ? 'teal' : 'gray'} size="sm" aria-label={label} role="img">
    {isOn ? <IconCheck size={14} /> : <IconMinus size={14} />}
  </ThemeIcon>
);

/**
 * /users/platform-role/{roleId}: a read-only permission matrix, one row per resource and one column per
 * scope, with ticks instead of the reference's disabled switches so it reads as a table of facts (§3.24).
 */
export function PlatformRolePage({ roleId }: { roleId: string }) {
  const { t } = useTranslation('people');
  const role = useRole(roleId);
  if (role.isPending) return <CenteredLoader />;
  if (role.isError) return <Alert color="red">{describeError(role.error)}</Alert>;
  const data = role.data;
  const resourceLabel = (row: PermissionRow) =>
    row.resourceId === `all_${row.resourceType}`
      ? t('roles.allOf', { type: row.resourceType })
      : `${row.resourceType}: ${row.resourceId}`;
  const yes = t('roles.granted');
  const no = t('roles.notGranted');

  return (
    <Stack>
      <Anchor component={Link} to={paths.users()} size="sm">
        {t('common.backToUsers')}
      </Anchor>
      <Group>
        <Title order={1}>{platformRoleLabel(t, data.id, data.name)}</Title>
        {data.isDefault && <Badge variant="light">{t('common.default')}</Badge>}
      </Group>
      {data.description && <Text c="dimmed">{data.description}</Text>}
      <Group>
        <Text size="sm">{t('roles.hasDashboard')}</Text>
        <Mark isOn={data.canUseDashboard} label={data.canUseDashboard ? yes : no} />
        <Text size="sm">{t('roles.hasFullAccess')}</Text>
        <Mark isOn={data.hasFullAccess} label={data.hasFullAccess ? yes : no} />
      </Group>
      {data.hasFullAccess ? (
        <Alert color="blue">{t('roles.fullAccessExplain')}</Alert>
      ) : data.permissions.length === 0 ? (
        <Text c="dimmed">{t('roles.noPermissions')}</Text>
      ) : (
        <Table withTableBorder aria-label={t('roles.matrixLabel')} maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.resource')}</Table.Th>
              {permissionScopes.map((scope) => (
                <Table.Th key={scope}>{t(`roles.scopes.${scope}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.permissions.map((row) => (
              <Table.Tr key={`${row.resourceType}/${row.resourceId}`}>
                <Table.Td>{resourceLabel(row)}</Table.Td>
                {permissionScopes.map((scope) => (
                  <Table.Td key={scope}>
                    <Mark
                      isOn={row.scopes[scope]}
                      label={`${t(`roles.scopes.${scope}`)}: ${row.scopes[scope] ? yes : no}`}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
