import { Card, Radio, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import type { GatewayRow } from '../api/gateways.ts';

/** Rows shown at once: a search narrows a big network down, so the dialog never renders thousands of rows. */
export const HOST_PICKER_LIMIT = 100;

export interface HostPickerProps {
  rows: readonly GatewayRow[];
  value: string;
  onChange: (nodeId: string) => void;
  error?: string;
}

/**
 * Picks one of the network's hosts (features §3.12): a searchable table and the chosen host's details. A plain
 * table: at most HOST_PICKER_LIMIT rows show, so a dialog needs no virtualiser.
 */
export function HostPicker({ rows, value, onChange, error }: HostPickerProps) {
  const { t } = useTranslation('remoteAccess');
  const [search, setSearch] = useState('');
  const matching = useMemo(() => {
    const text = search.trim().toLowerCase();
    return text
      ? rows.filter((row) =>
          `${row.name} ${row.address} ${row.address6} ${row.os}`.toLowerCase().includes(text),
        )
      : rows;
  }, [rows, search]);
  const shown = matching.slice(0, HOST_PICKER_LIMIT);
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
      <ScrollArea.Autosize mah={220}>
        <Table aria-label={t('hostPicker.search')} highlightOnHover stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44} />
              <Table.Th>{t('hostPicker.name')}</Table.Th>
              <Table.Th>{t('hostPicker.address')}</Table.Th>
              <Table.Th w={90}>{t('hostPicker.os')}</Table.Th>
              <Table.Th w={110}>{t('hostPicker.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.id} onClick={() => onChange(row.id)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Radio
                    aria-label={t('hostPicker.pick', { name: row.name })}
                    checked={row.id === value}
                    onChange={() => onChange(row.id)}
                  />
                </Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.address || row.address6}</Table.Td>
                <Table.Td>{row.os}</Table.Td>
                <Table.Td>
                  <StatusCell status={row.status} lastCheckIn={0} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {shown.length === 0 && (
        <Text c="dimmed" ta="center" py="md" fz="sm">
          {t('hostPicker.empty')}
        </Text>
      )}
      {matching.length > shown.length && (
        <Text c="dimmed" fz="xs">
          {t('hostPicker.more', { shown: shown.length, total: matching.length })}
        </Text>
      )}
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
          <SimpleGrid cols={2} spacing={4}>
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
