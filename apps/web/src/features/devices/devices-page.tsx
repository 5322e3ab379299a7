import { Alert, Button, Group, Select, Stack, Tabs, TextInput } from '@mantine/core';
import { IconDevices, IconKey, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { AddDeviceDialog } from '@/components/devices/add-device-dialog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useHosts } from '@/lib/api/get-hosts.ts';
import { useAllNodes } from '@/lib/api/get-nodes.ts';
import { useRefreshAllHostKeys } from '@/lib/api/host-mutations.ts';
import { describeError } from '@/lib/error-message.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useUrlSearch } from '@/lib/use-url-search.ts';
import { DEVICE_STATUS_FILTERS, buildDeviceRows, filterDeviceRows } from './components/device-rows.ts';
import { DevicesTable } from './components/devices-table.tsx';
import { NetworkAccessTab } from './components/network-access-tab.tsx';

const SEARCH_PARAMS = ['tab', 'search', 'status', 'sort', 'host'] as const;

/** /devices: every host across networks, and which networks each belongs to (features §3.6). */
export function DevicesPage() {
  const { t } = useTranslation('devices');
  const [params, setParams] = useUrlSearch(SEARCH_PARAMS);
  const hosts = useHosts();
  const nodes = useAllNodes();
  const refreshAll = useRefreshAllHostKeys();
  const [isAdding, setIsAdding] = useState(false);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const rows = useMemo(() => buildDeviceRows(hosts.data ?? [], nodes.data ?? []), [hosts.data, nodes.data]);
  const visibleRows = useMemo(() => filterDeviceRows(rows, params.status), [rows, params.status]);
  const tab = params.tab === 'access' ? 'access' : 'overview';

  const handleRefreshAll = () =>
    refreshAll.mutate(undefined, {
      onSuccess: () => notifySuccess(t('actions.allKeysRefreshed')),
      onError: (error) => notifyFailure(t('actions.refreshKeysFailed'), error),
      onSettled: () => setIsRefreshing(false),
    });

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsAdding(true)}>
      {t('addDevice')}
    </Button>
  );
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={t('title')}
        description={t('description')}
        icon={<IconDevices size={24} />}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={() => setIsRefreshing(true)}
              disabled={rows.length === 0}
            >
              {t('actions.refreshAllKeys')}
            </Button>
            {addButton}
          </>
        }
      />
      {hosts.isError && <Alert color="red">{describeError(hosts.error)}</Alert>}
      {hosts.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<IconDevices size={28} />}
          title={t('empty.title')}
          description={t('empty.description')}
          action={addButton}
        />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => setParams({ tab: value === 'access' ? 'access' : undefined })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="overview">{t('tabs.overview')}</Tabs.Tab>
            <Tabs.Tab value="access">{t('tabs.access')}</Tabs.Tab>
          </Tabs.List>
          <Group my="md">
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('searchPlaceholder')}
              aria-label={t('searchPlaceholder')}
              value={params.search ?? ''}
              onChange={(event) => setParams({ search: event.currentTarget.value })}
              w={320}
            />
            {tab === 'overview' && (
              <Select
                aria-label={t('statusFilter')}
                placeholder={t('statusFilter')}
                clearable
                value={params.status ?? null}
                onChange={(value) => setParams({ status: value ?? undefined })}
                data={DEVICE_STATUS_FILTERS.map((value) => ({ value, label: t(`statusFilters.${value}`) }))}
                w={200}
              />
            )}
          </Group>
          <Tabs.Panel value="overview">
            <DevicesTable
              rows={visibleRows}
              search={params.search ?? ''}
              sorting={paramToSorting(params.sort, [{ id: 'name', desc: false }])}
              onSortingChange={(sorting) => setParams({ sort: sortingToParam(sorting) })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="access">
            <NetworkAccessTab
              rows={rows}
              search={params.search ?? ''}
              selectedHostId={params.host}
              onSelect={(host) => setParams({ host })}
            />
          </Tabs.Panel>
        </Tabs>
      )}
      <AddDeviceDialog opened={isAdding} onClose={() => setIsAdding(false)} />
      <ConfirmDialog
        opened={isRefreshing}
        title={t('actions.refreshAllKeys')}
        message={t('actions.refreshAllConfirm')}
        confirmLabel={t('actions.refreshAllKeys')}
        isPending={refreshAll.isPending}
        onConfirm={handleRefreshAll}
        onClose={() => setIsRefreshing(false)}
      />
    </Stack>
  );
}
