import type { HostListItem } from '@meshdeck/contracts';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableQuery } from '@/components/data-table/data-table.tsx';
import { useNetworks } from '@/lib/networks-query.ts';
import { HostNetworksTable } from './host-networks-table.tsx';

const column = createColumnHelper<HostListItem>();
const rowId = (item: HostListItem) => item.id;

export interface NetworkAccessTabProps {
  /** Already filtered and sorted (useList). */
  rows: readonly HostListItem[];
  /** The devices' query, and every device before the search. */
  query: TableQuery;
  totalCount: number;
  /** The host picked (from the URL), looked up in the whole list by the page. */
  selected: HostListItem | undefined;
  onSelect: (hostId: string) => void;
}

/** Tab "Network access": pick a host on the left, switch its network memberships on the right (§3.6). */
export function NetworkAccessTab({ rows, query, totalCount, selected, onSelect }: NetworkAccessTabProps) {
  const { t } = useTranslation('devices');
  const networks = useNetworks();
  // Stable, so the memoised rows do not all re-render when the parent does.
  const handleSelect = useCallback((row: HostListItem) => onSelect(row.id), [onSelect]);
  const columns = useMemo(
    () => [
      column.accessor('name', { header: t('fields.name'), enableSorting: false }),
      column.accessor((row) => row.endpoint || row.endpoint6, {
        id: 'endpoint',
        header: t('fields.endpoint'),
        enableSorting: false,
      }),
      column.accessor('listenPort', { id: 'port', header: t('fields.publicPort'), enableSorting: false }),
    ],
    [t],
  );
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <DataTable
          data={rows}
          query={query}
          totalCount={totalCount}
          columns={columns}
          getRowId={rowId}
          label={t('access.devicesLabel')}
          onRowClick={handleSelect}
          isPreSorted
          height={420}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {selected ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('access.networksOf', { name: selected.name })}
            </Title>
            <HostNetworksTable host={selected} networks={networks.data ?? []} query={networks} />
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
