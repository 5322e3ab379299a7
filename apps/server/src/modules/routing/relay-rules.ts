import { badRequest } from '../../lib/api-error.ts';
import { internetGatewayOf, relayOf, requireLinux, type RoutingState } from './routing-state.ts';

/**
 * Makes `relayId` a relay of exactly `relayedIds` (api-contract §2.3 createrelay, §5.6). On a node that already is
 * a relay the set is replaced: nodes left out stop being relayed. A relay cannot relay itself, be relayed, or
 * relay remote-access gateways, internet gateways, nodes using an internet gateway, failover nodes or another
 * relay's nodes. `field` names the request field in refusals (`relaynodes` when a node update asks).
 */
export function setRelay(
  state: RoutingState,
  relayId: string,
  relayedIds: readonly string[],
  field = 'relayaddrs',
): void {
  const relay = state.require(relayId);
  requireLinux(state, relay, 'relays');
  const ownRelay = relayOf(state, relay);
  if (ownRelay)
    throw badRequest(
      `node ${state.label(relay)} is relayed by ${state.label(ownRelay)}: a relayed node cannot be a relay`,
    );
  const wanted = [...new Set(relayedIds)];
  for (const id of wanted) {
    if (id === relayId) throw badRequest(`${field}: a relay cannot relay itself (${state.label(relay)})`);
    const node = state.require(id, field);
    const s = node.settings;
    const name = state.label(node);
    const current = relayOf(state, node);
    if (current && current.row.id !== relayId)
      throw badRequest(`${field}: node ${name} is already relayed by ${state.label(current)}`);
    if (s.isrelay) throw badRequest(`${field}: node ${name} is a relay: a relay cannot be relayed`);
    if (s.isingressgateway)
      throw badRequest(`${field}: node ${name} is a remote-access gateway: gateways cannot be relayed`);
    if (s.isinternetgateway)
      throw badRequest(`${field}: node ${name} is an internet gateway: gateways cannot be relayed`);
    const gateway = internetGatewayOf(state, node);
    if (gateway)
      throw badRequest(
        `${field}: node ${name} uses internet gateway ${state.label(gateway)}: remove it from the gateway first`,
      );
    if (s.is_fail_over) throw badRequest(`${field}: node ${name} is the failover node: it cannot be relayed`);
  }
  for (const node of state.all()) {
    const isLeaving = node.settings.relayedby === relayId && !wanted.includes(node.row.id);
    if (isLeaving) state.patch(node.row.id, { isrelayed: false, relayedby: '' });
  }
  for (const id of wanted) state.patch(id, { isrelayed: true, relayedby: relayId });
  state.patch(relayId, { isrelay: true, relaynodes: wanted });
}

/** Ends a relay (api-contract §2.3 deleterelay): its nodes are reached directly again. */
export function removeRelay(state: RoutingState, relayId: string): void {
  const relay = state.require(relayId);
  if (!relay.settings.isrelay) throw badRequest(`node ${state.label(relay)} is not a relay`);
  for (const node of state.all())
    if (node.settings.relayedby === relayId) state.patch(node.row.id, { isrelayed: false, relayedby: '' });
  state.patch(relayId, { isrelay: false, relaynodes: [] });
}
