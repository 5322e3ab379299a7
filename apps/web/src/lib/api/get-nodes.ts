import { apiNodeSchema } from '@meshdeck/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { toNodeView, type NodeView } from './node-view.ts';
import { nodesKeys } from './query-keys.ts';

const nodesSchema = z.array(apiNodeSchema);

/** GET nodes: the nodes of every network (admins), used where a host's memberships matter. */
export async function getAllNodes(signal?: AbortSignal): Promise<NodeView[]> {
  const nodes = await apiClient.get('nodes', { schema: nodesSchema, signal });
  return nodes.map(toNodeView);
}

/**
 * GET nodes/{network}: the nodes of one network. The answer also holds the network's external clients as static
 * nodes (api-contract §2.3); the console reads clients from their own routes, so they are left out here.
 */
export async function getNetworkNodes(networkId: string, signal?: AbortSignal): Promise<NodeView[]> {
  const nodes = await apiClient.get(`nodes/${encodeURIComponent(networkId)}`, {
    schema: nodesSchema,
    signal,
  });
  return nodes.filter((node) => !node.is_static).map(toNodeView);
}

export const allNodesQueryOptions = () =>
  queryOptions({ queryKey: nodesKeys.list(), queryFn: ({ signal }) => getAllNodes(signal) });

export const networkNodesQueryOptions = (networkId: string) =>
  queryOptions({
    queryKey: nodesKeys.ofNetwork(networkId),
    queryFn: ({ signal }) => getNetworkNodes(networkId, signal),
  });

export const useAllNodes = () => useQuery(allNodesQueryOptions());

export const useNetworkNodes = (networkId: string) => useQuery(networkNodesQueryOptions(networkId));
