import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { CreateKeyDialog } from '@/features/keys/keys.public.ts';
import { useEnrollmentKeys } from '@/features/keys/keys.public.ts';

const column = createColumnHelper<EnrollmentKeyItem>();

export interface SelectKeyStepProps {
  selected: EnrollmentKeyItem | undefined;
  onSelect: (key: EnrollmentKeyItem) => void;
}

/** Step 1 of the wizard: pick a usable enrollment key, or create one inline (features §3.7). */
export function SelectKeyStep({ selected, onSelect }: SelectKeyStepProps) {
  const { t } = useTranslation('devices');
  const keys = useEnrollmentKeys();
  const [search, setSearch] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  // Only keys that can still enrol a host are worth offering.
  const usable = useMemo(() => (keys.data ?? []).filter((key) => key.isValid), [keys.data]);
  const columns = useMemo(
    () => [
      column.display({
        id: 'pick',
        size: 40,
        cell: (info) => (
          <Radio
            aria-label={info.row.original.name}
            checked={selected?.value === info.row.original.value}
            onChange={() => onSelect(info.row.original)}
          />
        ),
      }),
      column.accessor('name', { header: t('wizard.keyName') }),
      column.accessor((key) => key.networks.join(', '), { id: 'networks', header: t('wizard.keyNetworks') }),
    ],
    [t, selected, onSelect],
  );
  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('wizard.searchKeys')}
          aria-label={t('wizard.searchKeys')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
          {t('wizard.createKey')}
        </Button>
      </Group>
      <DataTable
        data={usable}
        query={keys}
        columns={columns}
        getRowId={(key) => key.value}
        label={t('wizard.keysLabel')}
        search={search}
        onRowClick={onSelect}
        height={280}
        empty={t('wizard.noKeys')}
      />
      <CreateKeyDialog opened={isCreating} onClose={() => setIsCreating(false)} onCreated={onSelect} />
    </Stack>
  );
}
