import { activityEventSchema, envelopeSchema, type ActivityEvent } from '@meshdeck/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import type { ActivitySearch } from '../activity-search.ts';

/** Entries per request; the page asks for the next page when the reader scrolls to the end. */
export const ACTIVITY_PAGE_SIZE = 200;
const pageSchema = envelopeSchema(z.array(activityEventSchema).nullable());

export const activityKeys = {
  all: ['activity'] as const,
  list: (filters: Omit<ActivitySearch, 'entry'>) => ['activity', 'list', filters] as const,
};

/** GET v1/activity: one page of the entries the caller may read, newest first. */
export async function getActivity(
  filters: Omit<ActivitySearch, 'entry'>,
  page: number,
  signal?: AbortSignal,
): Promise<ActivityEvent[]> {
  const answer = await apiClient.get('v1/activity', {
    schema: pageSchema,
    signal,
    query: {
      network_id: filters.network,
      username: filters.user,
      subject_type: filters.type,
      page,
      per_page: ACTIVITY_PAGE_SIZE,
    },
  });
  return answer.Response ?? [];
}

/** The entries matching the filters, page after page; a short page means there is no next one. */
export const useActivity = (filters: Omit<ActivitySearch, 'entry'>) =>
  useInfiniteQuery({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < ACTIVITY_PAGE_SIZE ? undefined : pages.length + 1),
  });
