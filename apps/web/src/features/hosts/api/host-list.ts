import { apiHostSchema, hostListItemSchema, type HostListItem, type ListPage } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { firstRowsOf } from '@/lib/list/first-rows.ts';
import { LIST_KEY, type LiveList } from '@/lib/list/live-list.ts';
import { listPageParser } from '@/lib/list/list-parser.ts';
import type { ListSource } from '@/lib/list/use-list.ts';
import { toHostView } from '@/lib/api/host-view.ts';
import { hostsKeys } from '@/lib/api/query-keys.ts';

const parser = listPageParser(hostListItemSchema);
const LIST_PATH = 'console/hosts';

/** GET console/hosts: every host as a lean row with its nodes (or only some ids). */
export async function getHostList(
  query: Record<string, string | undefined> = {},
  signal?: AbortSignal,
): Promise<HostListItem[]> {
  const page: ListPage<HostListItem> = await apiClient.get(LIST_PATH, {
    schema: parser,
    query,
    signal,
  });
  return page.items;
}

export const hostListKey = () => [LIST_KEY, 'hosts'] as const;

// Node ids per host, built once per list version: a node change finds its host without scanning the rows.
const hostOfNode = new WeakMap<readonly HostListItem[], Map<string, string>>();
function hostIdOfNode(items: readonly HostListItem[], nodeId: string): string | undefined {
  let index = hostOfNode.get(items);
  if (!index) {
    index = new Map(items.flatMap((host) => host.nodes.map((node) => [node.id, host.id] as const)));
    hostOfNode.set(items, index);
  }
  return index.get(nodeId);
}

const refreshHost = (hostId: string) => ({
  drop: (item: HostListItem) => item.id === hostId,
  fetch: () => getHostList({ ids: hostId }),
});

const refreshHosts = (hostIds: ReadonlySet<string>) => ({
  drop: (item: HostListItem) => hostIds.has(item.id),
  fetch: () => getHostList({ ids: [...hostIds].join(',') }),
});

/**
 * Host changes patch their row; a node change re-reads its host's row (status and networks show there); a status
 * change (decision 050) re-reads the rows of the hosts of the nodes it names, in one request.
 */
const hostListLive: LiveList<HostListItem> = {
  plan: (change, items) => {
    if (change.resource === 'node-status') {
      if (change.ids === undefined) return 'refetch';
      const hostIds = new Set<string>();
      for (const nodeId of change.ids) {
        const hostId = hostIdOfNode(items, nodeId);
        if (hostId !== undefined) hostIds.add(hostId);
      }
      return hostIds.size === 0 ? undefined : refreshHosts(hostIds);
    }
    if (change.resource === 'hosts') {
      if (change.id === undefined) return 'refetch';
      const id = change.id;
      return change.action === 'deleted' ? { drop: (item) => item.id === id } : refreshHost(id);
    }
    if (change.resource === 'nodes') {
      if (change.id === undefined) return 'refetch';
      // A new node's host is announced as a host change by the server; an unknown node needs nothing here.
      const hostId = hostIdOfNode(items, change.id);
      return hostId === undefined ? undefined : refreshHost(hostId);
    }
    return undefined;
  },
};

export const hostListSource: ListSource<HostListItem> = {
  queryKey: hostListKey(),
  fetch: (signal) => getHostList({}, signal),
  ...firstRowsOf(LIST_PATH, parser),
  live: hostListLive,
};

/** GET console/hosts/{id}: one host in full, for the dialogs a list row opens (edit, make default). */
export function useHostDetails(hostId: string, isEnabled = true) {
  return useQuery({
    queryKey: [...hostsKeys.all, 'details', hostId],
    queryFn: async ({ signal }) =>
      toHostView(
        await apiClient.get(`console/hosts/${encodeURIComponent(hostId)}`, { schema: apiHostSchema, signal }),
      ),
    enabled: isEnabled,
  });
}
