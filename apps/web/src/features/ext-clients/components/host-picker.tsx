import { Card, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import type { GatewayRow } from '../api/gateways.ts';

const column = createColumnHelper<GatewayRow>();

export interface HostPickerProps {
  rows: readonly GatewayRow[];
  value: string;
  onChange: (nodeId: string) => void;
  error?: string;
}

/** Picks one of the network's hosts (features §3.12): a searchable table and the chosen host's details. */
export function HostPicker({ rows, value, onChange, error }: HostPickerProps) {
  const { t } = useTranslation('remoteAccess');
  const [search, setSearch] = useState('');
  const columns = useMemo(
    () => [
      column.display({
        id: 'pick',
        size: 44,
        cell: (info) => (
          <Radio
            aria-label={t('hostPicker.pick', { name: info.row.original.name })}
            checked={info.row.original.id === value}
            onChange={() => onChange(info.row.original.id)}
          />
        ),
      }),
      column.accessor('name', { header: t('hostPicker.name') }),
      column.accessor((row) => row.address || row.address6, {
        id: 'address',
        header: t('hostPicker.address'),
      }),
      column.accessor('os', { header: t('hostPicker.os'), size: 90 }),
      column.accessor('status', {
        header: t('hostPicker.status'),
        size: 110,
        cell: (info) => <StatusCell status={info.getValue()} lastCheckIn={0} />,
      }),
    ],
    [t, value, onChange],
  );
  const selected = rows.find((row) => row.id === value);
  return (
    <Stack gap="xs">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('hostPicker.search')}
        aria-label={t('hostPicker.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('hostPicker.label')}
        search={search}
        onRowClick={(row) => onChange(row.id)}
        height={220}
        empty={
          <Text c="dimmed" ta="center" py="md" fz="sm">
            {t('hostPicker.empty')}
          </Text>
        }
      />
      {error && (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      )}
      {selected && (
        <Card withBorder padding="sm">
          <Text fw={500} fz="sm" mb={4}>
            {t('hostPicker.selected')}
          </Text>
          <SimpleGrid cols={2} spacing={4} fz="sm">
            <Text fz="sm">{t('hostPicker.name')}</Text>
            <Text fz="sm">{selected.name}</Text>
            <Text fz="sm">{t('hostPicker.address')}</Text>
            <Text fz="sm">{[selected.address, selected.address6].filter(Boolean).join(', ')}</Text>
            <Text fz="sm">{t('hostPicker.endpoint')}</Text>
            <Text fz="sm">{selected.endpoint || '—'}</Text>
            <Text fz="sm">{t('hostPicker.os')}</Text>
            <Text fz="sm">{selected.os}</Text>
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
