import type { PeopleRole } from '@meshdeck/contracts';
import { Badge, MultiSelect, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const ALL_NETWORKS = 'all_networks';

export interface NetworkRolesFieldProps {
  networkIds: readonly string[];
  roles: readonly PeopleRole[];
  value: Record<string, string[]>;
  onChange: (value: Record<string, string[]>) => void;
  isReadOnly?: boolean;
}

/**
 * The per-network roles table of the user, group and invite forms (features §3.22): an "all networks" row,
 * highlighted because it outranks the others, then one row per network, each offering that network's roles.
 */
export function NetworkRolesField({
  networkIds,
  roles,
  value,
  onChange,
  isReadOnly,
}: NetworkRolesFieldProps) {
  const { t } = useTranslation('people');
  const rows = [ALL_NETWORKS, ...networkIds];
  return (
    <Table withTableBorder aria-label={t('networkRoles.label')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('networkRoles.network')}</Table.Th>
          <Table.Th>{t('networkRoles.roles')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((network) => {
          const isAll = network === ALL_NETWORKS;
          const options = roles
            .filter((role) => role.networkId === network)
            .map((role) => ({ value: role.id, label: role.name }));
          const label = isAll ? t('networkRoles.allNetworks') : network;
          return (
            <Table.Tr key={network} bg={isAll ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                {isAll ? <Badge variant="light">{label}</Badge> : <Text size="sm">{label}</Text>}
              </Table.Td>
              <Table.Td>
                <MultiSelect
                  aria-label={t('networkRoles.rolesFor', { network: label })}
                  data={options}
                  value={value[network] ?? []}
                  onChange={(ids) => onChange({ ...value, [network]: ids })}
                  placeholder={options.length === 0 ? t('networkRoles.none') : undefined}
                  disabled={isReadOnly || options.length === 0}
                  searchable
                  clearable
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
