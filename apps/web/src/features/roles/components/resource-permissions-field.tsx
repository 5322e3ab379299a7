import {
  crudScopes,
  networkRoleResources,
  readOnlyPermissions,
  type CrudScope,
  type ResourcePermissions,
} from '@meshdeck/contracts';
import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ResourcePermissionsFieldProps {
  value: ResourcePermissions;
  onChange: (value: ResourcePermissions) => void;
  isReadOnly?: boolean;
}

/**
 * One row per resource type a network role can name, one checkbox per scope (view, create, update, delete): what
 * the role's users may do with every resource of that type in its network. Create, update or delete imply view,
 * since the console cannot offer a change on what it cannot show.
 */
export function ResourcePermissionsField({ value, onChange, isReadOnly }: ResourcePermissionsFieldProps) {
  const { t } = useTranslation('people');
  const toggle = (type: string, scope: CrudScope, isOn: boolean) => {
    const held = new Set(value[type] ?? []);
    if (isOn) {
      held.add(scope);
      held.add('read');
    } else {
      held.delete(scope);
      if (scope === 'read') for (const other of crudScopes) held.delete(other);
    }
    onChange({ ...value, [type]: crudScopes.filter((name) => held.has(name)) });
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text size="sm" fw={500}>
            {t('roles.matrixLabel')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('roles.matrixHint')}
          </Text>
        </div>
        {!isReadOnly && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => onChange(readOnlyPermissions())}>
              {t('roles.presetReadOnly')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => onChange({})}>
              {t('roles.presetNone')}
            </Button>
          </Group>
        )}
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label={t('roles.matrixLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.resource')}</Table.Th>
              {crudScopes.map((scope) => (
                <Table.Th key={scope} ta="center">
                  {t(`roles.scopes.${scope}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {networkRoleResources.map((type) => {
              const label = t(`roles.resources.${type}`);
              return (
                <Table.Tr key={type}>
                  <Table.Td>{label}</Table.Td>
                  {crudScopes.map((scope) => (
                    <Table.Td key={scope} ta="center">
                      <Checkbox
                        display="inline-block"
                        aria-label={t('roles.scopeOf', {
                          scope: t(`roles.scopes.${scope}`),
                          resource: label,
                        })}
                        checked={value[type]?.includes(scope) ?? false}
                        disabled={isReadOnly}
                        onChange={(event) => toggle(type, scope, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
