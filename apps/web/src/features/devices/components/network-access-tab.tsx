import { Grid, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useNetworks } from '@/lib/networks-query.ts';
import type { DeviceRow } from './device-rows.ts';
import { HostNetworksTable } from './host-networks-table.tsx';

const column = createColumnHelper<DeviceRow>();

export interface NetworkAccessTabProps {
  rows: readonly DeviceRow[];
  search: string;
  selectedHostId: string | undefined;
  onSelect: (hostId: string) => void;
}

/** Tab "Network access": pick a device on the left, switch its network memberships on the right (§3.6). */
export function NetworkAccessTab({ rows, search, selectedHostId, onSelect }: NetworkAccessTabProps) {
  const { t } = useTranslation('devices');
  const { data: networks } = useNetworks();
  const selected = rows.find((row) => row.host.id === selectedHostId);
  const columns = useMemo(
    () => [
      column.accessor((row) => row.host.name, { id: 'name', header: t('fields.name') }),
      column.accessor((row) => row.host.endpoint, { id: 'endpoint', header: t('fields.endpoint') }),
      column.accessor((row) => row.host.listenPort, { id: 'port', header: t('fields.publicPort') }),
    ],
    [t],
  );
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <DataTable
          data={rows}
          columns={columns}
          getRowId={(row) => row.host.id}
          label={t('access.devicesLabel')}
          search={search}
          onRowClick={(row) => onSelect(row.host.id)}
          height={420}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {selected ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('access.networksOf', { name: selected.host.name })}
            </Title>
            <HostNetworksTable device={selected} networks={networks ?? []} />
          </Stack>
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            {t('access.pickDevice')}
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
