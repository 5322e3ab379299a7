import {
  fromListEgressRange,
  type CreateEgressInput,
  type CreateRelayInput,
  type EgressRangeListItem,
  type InetNodeReqInput,
} from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { nodesKeys } from '@/lib/api/query-keys.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/**
 * The routing roles' writes (api-contract §2.3, §2.9): relays, egress gateways, internet gateways (Pro) and
 * failover (Pro). In lib/ because the node menu (nodes and host pages) and the routing pages both make them.
 * Each answers with the node; the change stream patches the lists, and the node views are refreshed at once.
 */
export interface RoutingTarget {
  network: string;
  /** The node that gets or loses the role. */
  id: string;
}

/** One egress range as the console edits it: the node list's form (contracts `toListEgressRange`). */
export type EgressRange = EgressRangeListItem;

const nodePath = (node: RoutingTarget, action: string) =>
  `nodes/${encodeURIComponent(node.network)}/${encodeURIComponent(node.id)}/${action}`;
const invalidate = [nodesKeys.all] as const;

/** The node a routing request names in its path (contracts `nodeParamsSchema`). */
export const nodeParams = (node: RoutingTarget) => ({ network: node.network, nodeid: node.id });

/** The createrelay body (contracts `createRelayInputSchema`): the dialog checks the same body it sends. */
export const relayBody = (node: RoutingTarget, relayed: readonly string[]): CreateRelayInput => ({
  nodeid: node.id,
  netid: node.network,
  relayaddrs: [...relayed],
});

/** POST createrelay: makes the node a relay of `relayed`; on a relay it replaces the relayed set. */
export const useSetRelay = () =>
  useResourceMutation(
    ({ node, relayed }: { node: RoutingTarget; relayed: readonly string[] }) =>
      apiClient.post(nodePath(node, 'createrelay'), relayBody(node, relayed)),
    invalidate,
  );

/** The role a node holds and the action that takes it away: deleterelay, deletegateway, inet_gw (Pro). */
const REMOVE_ACTIONS = { relay: 'deleterelay', egress: 'deletegateway', internetGateway: 'inet_gw' } as const;
export type RoutingRole = keyof typeof REMOVE_ACTIONS;

/** DELETE the node's role (one role per hook instance: the routing pages' row menus). */
export const useRemoveRole = (role: RoutingRole) =>
  useResourceMutation(
    (node: RoutingTarget) => apiClient.delete(nodePath(node, REMOVE_ACTIONS[role])),
    invalidate,
  );

/** DELETE deleterelay. */
export const useRemoveRelay = () => useRemoveRole('relay');

/** The creategateway body (contracts `createEgressInputSchema`), range i in `ranges_with_metric[i]`. */
export const egressBody = (node: RoutingTarget, ranges: readonly EgressRange[]): CreateEgressInput => ({
  nodeid: node.id,
  netid: node.network,
  natenabled: ranges.some((range) => range.nat) ? 'yes' : 'no',
  ranges_with_metric: ranges.map(fromListEgressRange),
});

/**
 * POST creategateway with every range, its metric and NAT flag: on an egress gateway it replaces them in one
 * request (the server's transaction), so an update never leaves the gateway half removed.
 */
export const useSetEgress = () =>
  useResourceMutation(
    ({ node, ranges }: { node: RoutingTarget; ranges: readonly EgressRange[] }) =>
      apiClient.post(nodePath(node, 'creategateway'), egressBody(node, ranges)),
    invalidate,
  );

/** DELETE deletegateway. */
export const useRemoveEgress = () => useRemoveRole('egress');

/** The inet_gw body (contracts `inetNodeReqInputSchema`): the nodes routed through the gateway. */
export const internetGatewayBody = (clients: readonly string[]): InetNodeReqInput => ({
  inet_node_client_ids: [...clients],
});

/** POST inet_gw (new gateway) or PUT inet_gw (change its clients), Pro. */
export const useSetInternetGateway = () =>
  useResourceMutation(
    ({ node, clients, isNew }: { node: RoutingTarget; clients: readonly string[]; isNew: boolean }) => {
      const body = internetGatewayBody(clients);
      return isNew
        ? apiClient.post(nodePath(node, 'inet_gw'), body)
        : apiClient.put(nodePath(node, 'inet_gw'), body);
    },
    invalidate,
  );

/** DELETE inet_gw, Pro. */
export const useRemoveInternetGateway = () => useRemoveRole('internetGateway');

/** POST (set) or DELETE (remove) v1/node/{id}/failover, Pro. */
export const useSetFailover = () =>
  useResourceMutation(({ node, isFailover }: { node: RoutingTarget; isFailover: boolean }) => {
    const path = `v1/node/${encodeURIComponent(node.id)}/failover`;
    return isFailover ? apiClient.post(path) : apiClient.delete(path);
  }, invalidate);
