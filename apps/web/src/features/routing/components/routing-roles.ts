import { toListEgressRange, type NodeListItem } from '@meshdeck/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { nodeListSource } from '@/lib/api/node-list.ts';
import type { NodeView } from '@/lib/api/node-view.ts';
import type { EgressRange } from '@/features/routing/api/routing-mutations.ts';
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
  /** The host's OS and firewall, and whether the node is offline; undefined where the source does not say. */
  os?: string | undefined;
  hasFirewall?: boolean | undefined;
  isOffline?: boolean | undefined;
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
  os: item.os,
  hasFirewall: item.hasFirewall,
  isOffline: item.status === 'offline',
});

/** The roles of a whole node (the host details page). */
export const rolesOfView = (node: NodeView): RoutingRoles => ({
  isRelay: node.roles.isRelay,
  isRelayed: node.isRelayed,
  isEgress: node.roles.isEgress,
  isInternetGateway: node.roles.isInternetGateway,
  isInternetClient: node.internetGatewayId !== undefined,
  isFailover: node.isFailover,
  egressRanges: (node.wire.egressgatewayranges_with_metric ?? []).map(toListEgressRange),
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

/** A routing role a node can be given from the console. */
export type RoutingRole = 'relay' | 'egress' | 'inet' | 'failover';

/** Why a node cannot take a role (the server would refuse it), as a `routing:gating.*` key. */
export type GatingReason =
  'proOnly' | 'adminOnly' | 'linuxOnly' | 'noFirewall' | 'relayed' | 'internetClient' | 'offline';

/**
 * Why `roles`' node cannot be given `role`, with the server's own rules (api-contract §5.6, console-spec §1:
 * relays, internet gateways and failover are Pro; every role needs a Linux host; an internet gateway needs a
 * firewall and is no use offline; a relayed node or an internet gateway's client is neither a relay, a gateway nor
 * the failover node), or undefined when it can. Unknown facts (no OS in the source) never block.
 */
export function whyNotRole(
  role: RoutingRole,
  roles: RoutingRoles,
  context: { isPro: boolean; isAdmin: boolean },
): GatingReason | undefined {
  if (role !== 'egress' && !context.isPro) return 'proOnly';
  if (role === 'failover' && !context.isAdmin) return 'adminOnly';
  if (roles.os !== undefined && roles.os.toLowerCase() !== 'linux') return 'linuxOnly';
  if (role === 'egress') return undefined;
  if (roles.isRelayed) return 'relayed';
  if (role === 'relay') return undefined;
  if (roles.isInternetClient) return 'internetClient';
  if (role === 'failover') return undefined;
  if (roles.hasFirewall === false) return 'noFirewall';
  return roles.isOffline ? 'offline' : undefined;
}

/** A lean row as a role's candidate: an option, disabled with the reason when the node cannot take the role. */
export const candidateOption = (
  item: NodeListItem,
  reasonOf: (item: NodeListItem) => string | undefined,
): { value: string; label: string; disabled?: boolean } => {
  const option = nodeOption(item);
  const reason = reasonOf(item);
  return reason === undefined ? option : { ...option, label: `${option.label} - ${reason}`, disabled: true };
};
