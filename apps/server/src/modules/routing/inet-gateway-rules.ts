import { badRequest } from '../../lib/api-error.ts';
import {
  hostFlags,
  internetGatewayOf,
  relayOf,
  requireLinux,
  type RoutingNode,
  type RoutingState,
} from './routing-state.ts';

/** The gateway itself (api-contract §5.6): Linux with a firewall, not relayed, not a client of another gateway. */
function checkGateway(state: RoutingState, gateway: RoutingNode): void {
  requireLinux(state, gateway, 'internet gateways');
  const name = state.label(gateway);
  if (hostFlags(gateway.host).firewallinuse === 'none')
    throw badRequest(
      `an internet gateway needs a firewall (iptables or nftables) on its host: node ${name} reports none`,
    );
  const relay = relayOf(state, gateway);
  if (relay)
    throw badRequest(`node ${name} is relayed by ${state.label(relay)}: it cannot be an internet gateway`);
  const other = internetGatewayOf(state, gateway);
  if (other)
    throw badRequest(`node ${name} uses internet gateway ${state.label(other)}: it cannot be one itself`);
}

/** A client (api-contract §5.6): not the gateway, not a gateway, failover, default host, relayed or another gateway's client. */
function checkClient(state: RoutingState, gatewayId: string, clientId: string): void {
  const field = 'inet_node_client_ids';
  if (clientId === gatewayId) throw badRequest(`${field}: an internet gateway cannot be its own client`);
  const client = state.require(clientId, field);
  const name = state.label(client);
  if (client.settings.isinternetgateway)
    throw badRequest(`${field}: node ${name} is an internet gateway itself`);
  const other = internetGatewayOf(state, client);
  if (other && other.row.id !== gatewayId)
    throw badRequest(`${field}: node ${name} already uses internet gateway ${state.label(other)}`);
  if (client.settings.is_fail_over) throw badRequest(`${field}: node ${name} is the failover node`);
  if (hostFlags(client.host).isdefault) throw badRequest(`${field}: node ${name} is on a default host`);
  const relay = relayOf(state, client);
  if (relay)
    throw badRequest(
      `${field}: node ${name} is relayed by ${state.label(relay)}: remove it from its relay first`,
    );
  if (client.settings.isrelay) throw badRequest(`${field}: node ${name} is a relay`);
}

/**
 * Makes `gatewayId` an internet gateway for exactly `clientIds` (POST and PUT inet_gw): clients left out route
 * directly again, new ones send 0.0.0.0/0 and ::/0 through the gateway.
 */
export function setInternetGateway(
  state: RoutingState,
  gatewayId: string,
  clientIds: readonly string[],
): void {
  const gateway = state.require(gatewayId);
  checkGateway(state, gateway);
  const wanted = [...new Set(clientIds)];
  for (const id of wanted) checkClient(state, gatewayId, id);
  for (const node of state.all())
    if (node.settings.internetgw_node_id === gatewayId && !wanted.includes(node.row.id))
      state.patch(node.row.id, { internetgw_node_id: '' });
  for (const id of wanted) state.patch(id, { internetgw_node_id: gatewayId });
  state.patch(gatewayId, { isinternetgateway: true, inet_node_client_ids: wanted });
}

/** Ends an internet gateway (DELETE inet_gw): its clients restore their own default route. */
export function removeInternetGateway(state: RoutingState, gatewayId: string): void {
  const gateway = state.require(gatewayId);
  if (!gateway.settings.isinternetgateway)
    throw badRequest(`node ${state.label(gateway)} is not an internet gateway`);
  for (const node of state.all())
    if (node.settings.internetgw_node_id === gatewayId) state.patch(node.row.id, { internetgw_node_id: '' });
  state.patch(gatewayId, { isinternetgateway: false, inet_node_client_ids: [] });
}
