import { activitySubjectTypes } from '@meshdeck/contracts';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/ui/filter-select.tsx';
import { useNetworks } from '@/lib/networks-query.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { activityTypeField } from './activity-search.ts';
import { useActivity } from './api/get-activity.ts';
import { ActivityDiffView } from './components/activity-diff-view.tsx';
import { ActivityTable } from './components/activity-table.tsx';

const routeApi = getRouteApi('/_layout/activity');

/**
 * /activity: who changed what, when and from where, with each entry's before and after. The server answers with
 * the entries the caller may read (admins and auditors all, network admins their networks, others their own).
 */
export function ActivityPage() {
  const { t } = useTranslation('activity');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  // Read through the field again: the router hands down raw parameters its root route did not validate.
  const filters = useMemo(
    () => ({ network: search.network, user: search.user, type: activityTypeField(search.type) }),
    [search.network, search.user, search.type],
  );
  const activity = useActivity(filters);
  const { data: networks } = useNetworks();
  const entries = useMemo(() => activity.data?.pages.flat() ?? [], [activity.data]);
  const openEntry = entries.find((entry) => entry.id === search.entry);
  // Scrolling to the last loaded entry reads the next page (the button stays for keyboard readers), so the wheel
  // reaches the oldest of 10,000 entries without 49 clicks.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = activity;
  const handleEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack p="md">
      <Title order={2}>{t('title')}</Title>
      <Group align="flex-end">
        <FilterSelect
          label={t('filters.network')}
          placeholder={t('filters.allNetworks')}
          data={(networks ?? []).map((network) => network.netId)}
          value={search.network ?? null}
          onChange={(value) => setSearch({ network: value ?? undefined })}
          searchable
          w={200}
        />
        <TextInput
          label={t('filters.user')}
          placeholder={t('filters.anyUser')}
          value={search.user ?? ''}
          onChange={(event) => setSearch({ user: event.currentTarget.value || undefined })}
          w={200}
        />
        <FilterSelect
          label={t('filters.type')}
          placeholder={t('filters.allTypes')}
          data={activitySubjectTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={search.type ?? null}
          onChange={(value) => setSearch({ type: activityTypeField(value) })}
          w={200}
        />
      </Group>
      <ActivityTable
        entries={entries}
        query={activity}
        onOpen={(entry) => setSearch({ entry: entry.id })}
        onEndReached={handleEndReached}
      />
      {activity.hasNextPage && (
        <Button
          variant="default"
          loading={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
          style={{ alignSelf: 'center' }}
        >
          {t('loadMore')}
        </Button>
      )}
      <ActivityDiffView entry={openEntry} onClose={() => setSearch({ entry: undefined })} />
    </Stack>
  );
}
