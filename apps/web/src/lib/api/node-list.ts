import { nodeListItemSchema, type ListPage, type NodeListItem } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { firstRowsOf } from '@/lib/list/first-rows.ts';
import { LIST_KEY, type LiveList } from '@/lib/list/live-list.ts';
import { listPageParser } from '@/lib/list/list-parser.ts';
import type { ListSource } from '@/lib/list/use-list.ts';

const parser = listPageParser(nodeListItemSchema);
const listPath = (networkId: string) => `console/nodes/${encodeURIComponent(networkId)}`;

/** GET console/nodes/{network}: a network's nodes as lean rows (every row without a limit). */
export async function getNodeList(
  networkId: string,
  query: Record<string, string | undefined> = {},
  signal?: AbortSignal,
): Promise<NodeListItem[]> {
  const page: ListPage<NodeListItem> = await apiClient.get(listPath(networkId), {
    schema: parser,
    query,
    signal,
  });
  return page.items;
}

export const nodeListKey = (networkId: string) => [LIST_KEY, 'nodes', networkId] as const;

/**
 * Node changes patch their row; host changes re-read that host's rows (its name and endpoint show here); a status
 * change (the server's clock, decision 050) re-reads the rows it names, or the whole list when it names none.
 */
const nodeListLive = (networkId: string): LiveList<NodeListItem> => ({
  plan: (change) => {
    if (change.resource === 'networks' && change.action === 'deleted' && change.id === networkId)
      return 'refetch';
    if (change.resource === 'node-status' && change.network === networkId) {
      if (change.ids === undefined) return 'refetch';
      const ids = new Set(change.ids);
      return {
        drop: (item) => ids.has(item.id),
        fetch: () => getNodeList(networkId, { ids: change.ids?.join(',') }),
      };
    }
    const { id } = change;
    if (change.resource === 'nodes' && (change.network === undefined || change.network === networkId)) {
      if (id === undefined) return 'refetch';
      return {
        drop: (item) => item.id === id,
        fetch: change.action === 'deleted' ? undefined : () => getNodeList(networkId, { ids: id }),
      };
    }
    if (change.resource === 'hosts' && id !== undefined)
      return {
        drop: (item) => item.hostId === id,
        fetch: change.action === 'deleted' ? undefined : () => getNodeList(networkId, { host: id }),
      };
    return undefined;
  },
});

export const nodeListSource = (networkId: string): ListSource<NodeListItem> => ({
  queryKey: nodeListKey(networkId),
  fetch: (signal) => getNodeList(networkId, {}, signal),
  ...firstRowsOf(listPath(networkId), parser),
  live: nodeListLive(networkId),
});
