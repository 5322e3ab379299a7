import type { ChangeEvent } from '@meshdeck/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';

/** Every list query key starts with this, so the resource-prefix invalidation of use-live-updates skips lists. */
export const LIST_KEY = 'list';

/** How one announced change alters a cached list: drop some rows, then merge the rows `fetch` returns. */
export interface ListPatch<T> {
  drop: (item: T) => boolean;
  fetch?: () => Promise<T[]>;
}

/**
 * What a list does about changes; kept in the query's `meta.live`. `plan` answers a patch, 'refetch' (the
 * change names no single item, e.g. a deleted network), or undefined when the change does not concern it.
 */
export interface LiveList<T extends { id: string }> {
  plan: (change: ChangeEvent, items: readonly T[]) => ListPatch<T> | 'refetch' | undefined;
}

/** A burst bigger than this (say "refresh all keys") costs less as one full re-read than as many small ones. */
export const MAX_PATCHES_PER_BATCH = 100;

/**
 * Replaces rows in place (stable positions, untouched rows keep their object identity so memoised table
 * rows do not re-render), drops rows, and appends rows that are new; the list hook sorts for display.
 */
export function mergeRows<T extends { id: string }>(
  items: readonly T[],
  drop: (item: T) => boolean,
  fresh: readonly T[],
): T[] {
  const freshById = new Map(fresh.map((item) => [item.id, item]));
  const merged: T[] = [];
  for (const item of items) {
    const replacement = freshById.get(item.id);
    if (replacement) {
      merged.push(replacement);
      freshById.delete(item.id);
    } else if (!drop(item)) merged.push(item);
  }
  for (const item of freshById.values()) merged.push(item);
  return merged;
}

const pending = new Map<Query, ChangeEvent[]>();

async function flush(queryClient: QueryClient, query: Query): Promise<void> {
  const changes = pending.get(query) ?? [];
  pending.delete(query);
  const live = query.meta?.live as LiveList<{ id: string }> | undefined;
  if (!live) return;
  // The first read is still on its way (at 100,000 rows, seconds, with the first rows already on screen) and may
  // have been built before this change: patch it once it has arrived, or the change would be lost.
  if (query.state.data === undefined) await query.promise?.catch(() => undefined);
  const items = query.state.data as { id: string }[] | undefined;
  if (!items) return;
  const plans = changes.map((change) => live.plan(change, items)).filter((plan) => plan !== undefined);
  if (plans.length === 0) return;
  if (plans.length > MAX_PATCHES_PER_BATCH || plans.includes('refetch')) {
    await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    return;
  }
  const patches = plans as ListPatch<{ id: string }>[];
  try {
    const fresh = (
      await Promise.all(patches.map((patch) => (patch.fetch ? patch.fetch() : Promise.resolve([]))))
    ).flat();
    const drop = (item: { id: string }) => patches.some((patch) => patch.drop(item));
    queryClient.setQueryData<{ id: string }[]>(
      query.queryKey,
      (current) => current && mergeRows(current, drop, fresh),
    );
  } catch {
    // A failed patch must not leave a stale row: read the whole list again.
    await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/**
 * Applies one announced change to every cached list: the changes of one stream chunk are batched per list
 * (a microtask), so a host change that also touches its nodes costs one small request, never a full list.
 */
export function patchLists(queryClient: QueryClient, change: ChangeEvent): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [LIST_KEY] })) {
    if (!query.meta?.live) continue;
    const queued = pending.get(query);
    if (queued) {
      queued.push(change);
      continue;
    }
    pending.set(query, [change]);
    queueMicrotask(() => void flush(queryClient, query));
  }
}
