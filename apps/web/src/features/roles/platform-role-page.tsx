import { Anchor, Badge, Group, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { platformRoleLabel } from '@/features/roles/components/platform-role-label.ts';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useRole } from '@/lib/api/people-queries.ts';
import { paths } from '@/lib/paths.ts';
import { ABILITY_SCOPES, type AbilityRow, platformAbilities } from './platform-abilities.ts';

const Mark = ({ isOn, label }: { isOn: boolean; label: string }) => (
  <ThemeIcon variant="light" color={isOn ? 'teal' : 'gray'} size="sm" aria-label={label} role="img">
    {isOn ? <IconCheck size={14} /> : <IconMinus size={14} />}
  </ThemeIcon>
);

/**
 * /users/platform-role/{roleId}: what the role lets its users do, one row per resource and one column per action
 * (platform-abilities.ts applies the server's rules: full access, auditor, platform user, global grants), and
 * whether they may sign in to the console. Ticks instead of disabled switches, so it reads as facts (§3.24).
 */
export function PlatformRolePage({ roleId }: { roleId: string }) {
  const { t } = useTranslation('people');
  const role = useRole(roleId);
  if (role.isPending) return <CenteredLoader />;
  if (role.isError) return <LoadError error={role.error} onRetry={role.refetch} />;
  const data = role.data;
  const resourceLabel = (row: AbilityRow) => {
    const type = t(`roles.resources.${row.resourceType}`, { defaultValue: row.resourceType });
    return row.resourceId ? `${type}: ${row.resourceId}` : type;
  };
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
      <Group gap="xs">
        <Mark isOn={data.canUseDashboard} label={data.canUseDashboard ? yes : no} />
        <Text size="sm">{data.canUseDashboard ? t('roles.signsIn') : t('roles.cannotSignIn')}</Text>
      </Group>
      <Title order={2} fz="lg">
        {t('roles.mayDo')}
      </Title>
      <Table.ScrollContainer minWidth={420} maw={760}>
        <Table withTableBorder aria-label={t('roles.matrixLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.resource')}</Table.Th>
              {ABILITY_SCOPES.map((scope) => (
                <Table.Th key={scope}>{t(`roles.scopes.${scope}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {platformAbilities(data).map((row) => (
              <Table.Tr key={`${row.resourceType}/${row.resourceId ?? ''}`}>
                <Table.Td>{resourceLabel(row)}</Table.Td>
                {ABILITY_SCOPES.map((scope) => (
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
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {data.hasFullAccess ? t('roles.fullAccessExplain') : t('roles.plusNetworkRoles')}
      </Text>
    </Stack>
  );
}
