import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useNetworkNodes } from '@/lib/api/get-nodes.ts';

export interface RemoteAccessGatewaysFieldProps {
  networkId: string;
  value: string[];
  onChange: (value: string[]) => void;
  isReadOnly?: boolean;
}

/** One switch per remote-access gateway of the network, with search: the gateways the role may connect through. */
export function RemoteAccessGatewaysField({
  networkId,
  value,
  onChange,
  isReadOnly,
}: RemoteAccessGatewaysFieldProps) {
  const { t } = useTranslation('people');
  const { data: nodes } = useNetworkNodes(networkId);
  const { data: hosts } = useHosts();
  const [search, setSearch] = useState('');
  const gateways = useMemo(() => {
    const names = new Map((hosts ?? []).map((host) => [host.id, host.name]));
    return (nodes ?? [])
      .filter((node) => node.roles.isIngress)
      .map((node) => ({ id: node.id, name: names.get(node.hostId) ?? node.id }));
  }, [nodes, hosts]);
  const needle = search.trim().toLowerCase();
  const shown = gateways.filter((gateway) => gateway.name.toLowerCase().includes(needle));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('roles.vpnAccess')}
      </Text>
      {gateways.length === 0 ? (
        <Text size="sm" c="dimmed">
          {networkId ? t('roles.noGateways') : t('roles.pickNetworkFirst')}
        </Text>
      ) : (
        <>
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t('roles.searchGateways')}
            aria-label={t('roles.searchGateways')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {shown.map((gateway) => (
            <Switch
              key={gateway.id}
              label={gateway.name}
              disabled={isReadOnly}
              checked={value.includes(gateway.id)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...value, gateway.id]
                    : value.filter((id) => id !== gateway.id),
                )
              }
            />
          ))}
        </>
      )}
    </Stack>
  );
}
