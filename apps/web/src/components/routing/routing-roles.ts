import type { NodeListItem } from '@meshdeck/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { nodeListSource } from '@/lib/api/node-list.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import type { EgressRange } from '@/lib/api/routing-mutations.ts';
import { listQueryOptions } from '@/lib/list/use-list.ts';
import { serverStatusQueryKey, type ServerHealthState } from '@/lib/server-status.ts';

/** A node's routing roles as the node menu and the routing dialogs read them, from a list row or a node view. */
export interface RoutingRoles {
  isRelay: boolean;
  isRelayed: boolean;
  isEgress: boolean;
  isInternetGateway: boolean;
  isInternetClient: boolean;
  isFailover: boolean;
  egressRanges: EgressRange[];
}

/** The roles of a lean list row (its flags and routing details). */
export const rolesOfRow = (item: NodeListItem): RoutingRoles => ({
  isRelay: item.flags.includes('relay'),
  isRelayed: item.flags.includes('relayed'),
  isEgress: item.flags.includes('egress'),
  isInternetGateway: item.flags.includes('internetGateway'),
  isInternetClient: item.internetGatewayId !== undefined,
  isFailover: item.flags.includes('failover'),
  egressRanges: item.egressRanges ?? [],
});

/** The roles of a whole node (the host details page). */
export const rolesOfView = (node: NodeView): RoutingRoles => ({
  isRelay: node.roles.isRelay,
  isRelayed: node.isRelayed,
  isEgress: node.roles.isEgress,
  isInternetGateway: node.roles.isInternetGateway,
  isInternetClient: node.internetGatewayId !== undefined,
  isFailover: node.isFailover,
  egressRanges: (node.wire.egressgatewayranges_with_metric ?? []).map((range) => ({
    network: range.network,
    metric: range.route_metric,
    nat: range.nat,
  })),
});

/**
 * Every node row of a network, from the same cached, live-patched list the nodes page reads, so opening a dialog
 * there costs no request.
 */
export const useNodeRows = (networkId: string) => useQuery(listQueryOptions(nodeListSource(networkId)));

/** A node as a select option: its host name and address. */
export const nodeOption = (item: NodeListItem) => ({
  value: item.id,
  label: item.address || item.address6 ? `${item.name} (${item.address || item.address6})` : item.name,
});

/** How many options a select renders at once: typing narrows a big network. */
export const OPTION_LIMIT = 100;

/** Whether the server is Pro, from the shell's status poll (read from the cache, never fetched here). */
export function useIsProServer(): boolean {
  const status = useQuery<ServerHealthState>({ queryKey: serverStatusQueryKey, queryFn: skipToken });
  return status.data?.isPro ?? false;
}

export const NO_ROLES: RoutingRoles = {
  isRelay: false,
  isRelayed: false,
  isEgress: false,
  isInternetGateway: false,
  isInternetClient: false,
  isFailover: false,
  egressRanges: [],
};
