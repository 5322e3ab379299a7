import type { ApiNode } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import { hostsKeys, nodesKeys } from '@/lib/api/query-keys.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/**
 * What the node actions need. A list row has no `wire` object: the server applies only the fields sent, so
 * connect / disconnect sends `connected` alone; detail pages send the whole node as v0.30 dashboards do.
 */
export type NodeActionTarget = Pick<NodeView, 'id' | 'network' | 'hostId' | 'isConnected'> & {
  wire?: ApiNode;
};

const nodePath = (node: Pick<NodeView, 'network' | 'id'>) =>
  `nodes/${encodeURIComponent(node.network)}/${encodeURIComponent(node.id)}`;
const hostsAndNodes = [hostsKeys.all, nodesKeys.all] as const;

/** PUT nodes/{net}/{id} with the whole node and `connected` toggled: connect / disconnect. */
export const useSetNodeConnected = () =>
  useResourceMutation(
    ({ node, isConnected }: { node: NodeActionTarget; isConnected: boolean }) =>
      apiClient.put(nodePath(node), { ...node.wire, connected: isConnected }),
    [nodesKeys.all],
  );

/** POST nodes/{net}/{id}/approve. */
export const useApproveNode = () =>
  useResourceMutation(
    (node: NodeActionTarget) => apiClient.post(`${nodePath(node)}/approve`),
    [nodesKeys.all],
  );

/** DELETE nodes/{net}/{id}?force=: without force the server only marks the node for removal. */
export const deleteNode = (node: Pick<NodeView, 'network' | 'id'>, force: boolean) =>
  apiClient.delete(nodePath(node), { query: { force } });

export interface BulkResult {
  succeeded: string[];
  failed: { id: string; message: string }[];
}

/**
 * Deletes nodes one request each, in parallel, and reports which failed instead of stopping at the first
 * error, so the admin knows exactly what is left.
 */
export async function deleteNodes(
  nodes: readonly Pick<NodeView, 'network' | 'id'>[],
  force: boolean,
): Promise<BulkResult> {
  const results = await Promise.allSettled(nodes.map((node) => deleteNode(node, force)));
  const result: BulkResult = { succeeded: [], failed: [] };
  results.forEach((outcome, index) => {
    const nodeId = nodes[index]?.id ?? '';
    if (outcome.status === 'fulfilled') result.succeeded.push(nodeId);
    else
      result.failed.push({
        id: nodeId,
        message: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
      });
  });
  return result;
}

export const useDeleteNodes = () =>
  useResourceMutation(
    ({ nodes, force }: { nodes: readonly Pick<NodeView, 'network' | 'id'>[]; force: boolean }) =>
      deleteNodes(nodes, force),
    hostsAndNodes,
  );
