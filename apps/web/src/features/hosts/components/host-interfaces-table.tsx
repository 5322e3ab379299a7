import { Badge, Group, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, IN_MEMORY } from '@/components/data-table/data-table.tsx';
import type { HostView } from '@/lib/api/host-view.ts';

type Interface = HostView['interfaces'][number];
const column = createColumnHelper<Interface>();

/** The host's local interfaces with the default one marked (features §3.8 "Network Interfaces"). */
export function HostInterfacesTable({ host }: { host: HostView }) {
  const { t } = useTranslation('devices');
  const [search, setSearch] = useState('');
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('interfaces.name'),
        cell: (info) => (
          <Group gap={6}>
            {info.getValue()}
            {info.getValue() === host.defaultInterface && (
              <Badge size="xs" variant="outline">
                {t('badges.default')}
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor('address', { header: t('interfaces.address') }),
    ],
    [t, host.defaultInterface],
  );
  return (
    <Stack>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('interfaces.search')}
        aria-label={t('interfaces.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={320}
      />
      <DataTable
        query={IN_MEMORY}
        data={host.interfaces}
        columns={columns}
        getRowId={(item) => `${item.name}-${item.address}`}
        label={t('interfaces.label')}
        search={search}
        height={360}
      />
    </Stack>
  );
}
