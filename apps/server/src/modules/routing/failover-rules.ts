import { badRequest } from '../../lib/api-error.ts';
import {
  internetGatewayOf,
  relayOf,
  requireLinux,
  type RoutingNode,
  type RoutingState,
} from './routing-state.ts';

/** The network's failover node, if it has one. */
export const failoverNodeOf = (state: RoutingState): RoutingNode | undefined =>
  state.all().find((node) => node.settings.is_fail_over);

/** Drops every failed-over pair of the network (POST .../failover/reset, and when the failover node changes). */
export function resetFailover(state: RoutingState): void {
  for (const node of state.all())
    if (node.settings.fail_over_peers.length > 0 || node.settings.failed_over_by)
      state.patch(node.row.id, { fail_over_peers: [], failed_over_by: '' });
}

/**
 * Makes a node the network's failover node (v0.30: replaces the current one, whose pairs are dropped). Linux
 * hosts only; not a relayed node or an internet-gateway client, since it must be reached directly by everyone.
 */
export function setFailover(state: RoutingState, nodeId: string): void {
  const node = state.require(nodeId);
  requireLinux(state, node, 'failover nodes');
  const name = state.label(node);
  const relay = relayOf(state, node);
  if (relay)
    throw badRequest(`node ${name} is relayed by ${state.label(relay)}: it cannot be the failover node`);
  const gateway = internetGatewayOf(state, node);
  if (gateway)
    throw badRequest(
      `node ${name} uses internet gateway ${state.label(gateway)}: it cannot be the failover node`,
    );
  const current = failoverNodeOf(state);
  if (current?.row.id === nodeId) return;
  if (current) {
    resetFailover(state);
    state.patch(current.row.id, { is_fail_over: false });
  }
  state.patch(nodeId, { is_fail_over: true });
}

/** Ends a node's failover role and the pairs it carried (DELETE /api/v1/node/{nodeid}/failover). */
export function removeFailover(state: RoutingState, nodeId: string): void {
  const node = state.require(nodeId);
  if (!node.settings.is_fail_over) throw badRequest(`node ${state.label(node)} is not the failover node`);
  resetFailover(state);
  state.patch(nodeId, { is_fail_over: false });
}

/**
 * Checks that the pair `nodeId` <-> `peerId` may go through the failover node (failover_me / failover_check):
 * there is one, neither side is it, no relay carries either side, and no internet gateway stands between them.
 */
export function checkFailoverPair(state: RoutingState, nodeId: string, peerId: string): RoutingNode {
  const node = state.require(nodeId);
  if (peerId === nodeId) throw badRequest('node_id: a node cannot fail over to itself');
  const peer = state.require(peerId, 'node_id');
  const failover = failoverNodeOf(state);
  if (!failover) throw badRequest(`network ${state.netid} has no failover node`);
  for (const side of [node, peer]) {
    const name = state.label(side);
    if (side === failover) throw badRequest(`node ${name} is the failover node itself`);
    const relay = relayOf(state, side);
    if (relay) throw badRequest(`node ${name} is relayed by ${state.label(relay)}: its relay carries it`);
    if (side.settings.isrelay) throw badRequest(`node ${name} is a relay`);
    if (side.settings.isinternetgateway) throw badRequest(`node ${name} is an internet gateway`);
  }
  const gatewayOfNode = internetGatewayOf(state, node);
  const gatewayOfPeer = internetGatewayOf(state, peer);
  if (gatewayOfNode || gatewayOfPeer)
    throw badRequest(
      `node ${state.label(gatewayOfNode ? node : peer)} uses an internet gateway: its traffic already goes through it`,
    );
  return failover;
}

/** Records that the pair goes through the failover node (both sides list each other). */
export function failOverPair(state: RoutingState, nodeId: string, peerId: string): void {
  const failover = checkFailoverPair(state, nodeId, peerId);
  for (const [id, other] of [
    [nodeId, peerId],
    [peerId, nodeId],
  ] as const) {
    const peers = state.require(id).settings.fail_over_peers;
    state.patch(id, {
      fail_over_peers: peers.includes(other) ? peers : [...peers, other],
      failed_over_by: failover.row.id,
    });
  }
}

/**
 * Ends one failed-over pair (Meshdeck extra: an agent whose direct path came back): both sides stop listing each
 * other, and a side left without pairs is no longer carried by the failover node. A pair that is not failed over
 * is left as it is.
 */
export function endFailoverPair(state: RoutingState, nodeId: string, peerId: string): void {
  state.require(nodeId);
  state.require(peerId, 'node_id');
  for (const [id, other] of [
    [nodeId, peerId],
    [peerId, nodeId],
  ] as const) {
    const peers = state.require(id).settings.fail_over_peers;
    if (!peers.includes(other)) continue;
    const left = peers.filter((p) => p !== other);
    state.patch(id, { fail_over_peers: left, ...(left.length === 0 ? { failed_over_by: '' } : {}) });
  }
}
