import { compareHostItems, listStatusFilters } from '@meshdeck/contracts';
import { Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { IconDevices, IconKey, IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramToSorting, sortingToParam } from '@/components/data-table/sort-param.ts';
import { AddHostDialog } from './components/add-host-dialog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FilterSelect } from '@/components/ui/filter-select.tsx';
import { hostListSource } from './api/host-list.ts';
import { useRefreshAllHostKeys } from '@/lib/api/host-mutations.ts';
import { serverFilters } from '@/lib/early-request.ts';
import { hostSortField, hostStatusField } from './hosts-search.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useList } from '@/lib/list/use-list.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { hostFilter } from './host-filters.ts';
import { HostsTable } from './components/hosts-table.tsx';
import { NetworkAccessTab } from './components/network-access-tab.tsx';

const DEFAULT_SORT = [{ id: 'name', desc: false }];
const routeApi = getRouteApi('/_layout/devices');

/** /devices: every host across networks, and which networks each belongs to (features §3.6). */
export function HostsPage() {
  const { t } = useTranslation('devices');
  const params = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setParams = useCallback(
    (patch: typeof params) => void navigate({ search: patchSearch(patch), replace: true }),
    [navigate],
  );
  const refreshAll = useRefreshAllHostKeys();
  // Hosts are global resources: auditors read them, only platform admins change them (spec §6).
  const isAdmin = useIsPlatformAdmin();
  const [isAdding, setIsAdding] = useState(false);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const tab = params.tab === 'access' ? 'access' : 'overview';
  // The access tab lists hosts by name and filters by search only.
  const status = tab === 'overview' ? params.status : undefined;
  const match = useMemo(() => hostFilter(params.search, status), [params.search, status]);
  const compare = useMemo(
    () => compareHostItems(tab === 'overview' ? params.sort : undefined),
    [tab, params.sort],
  );
  const filters = useMemo(() => serverFilters('hosts', params), [params]);
  const hosts = useList(hostListSource, match, compare, filters);
  const selected = useMemo(
    () => (params.host === undefined ? undefined : hosts.all.find((item) => item.id === params.host)),
    [hosts.all, params.host],
  );
  const handleSelect = useCallback((host: string) => setParams({ host }), [setParams]);

  const handleRefreshAll = () =>
    refreshAll.mutate(undefined, {
      onSuccess: () => notifySuccess(t('actions.allKeysRefreshed')),
      onError: (error) => notifyFailure(t('actions.refreshKeysFailed'), error),
      onSettled: () => setIsRefreshing(false),
    });

  const addButton = isAdmin && (
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
          isAdmin && (
            <>
              <Button
                variant="default"
                leftSection={<IconKey size={16} />}
                onClick={() => setIsRefreshing(true)}
                disabled={hosts.all.length === 0}
              >
                {t('actions.refreshAllKeys')}
              </Button>
              {addButton}
            </>
          )
        }
      />
      {hosts.isSuccess && hosts.all.length === 0 ? (
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
              <FilterSelect
                aria-label={t('statusFilter')}
                placeholder={t('statusFilter')}
                value={params.status ?? null}
                onChange={(value) => setParams({ status: hostStatusField(value) })}
                data={listStatusFilters.map((value) => ({ value, label: t(`statusFilters.${value}`) }))}
                w={200}
              />
            )}
          </Group>
          <Tabs.Panel value="overview">
            <HostsTable
              rows={hosts.rows}
              query={hosts}
              totalCount={hosts.all.length}
              sorting={paramToSorting(params.sort, DEFAULT_SORT)}
              onSortingChange={(sorting) => setParams({ sort: hostSortField(sortingToParam(sorting)) })}
              isReadOnly={!isAdmin}
            />
          </Tabs.Panel>
          <Tabs.Panel value="access">
            <NetworkAccessTab
              rows={hosts.rows}
              query={hosts}
              totalCount={hosts.all.length}
              selected={selected}
              onSelect={handleSelect}
            />
          </Tabs.Panel>
        </Tabs>
      )}
      <AddHostDialog opened={isAdding} onClose={() => setIsAdding(false)} />
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
