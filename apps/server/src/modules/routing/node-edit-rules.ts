import { badRequest } from '../../lib/api-error.ts';
import type { NodeRoutingEdit } from '../nodes/nodes.public.ts';
import { removeInternetGateway, setInternetGateway } from './inet-gateway-rules.ts';
import { removeRelay, setRelay } from './relay-rules.ts';
import type { RoutingRule } from './routing.service.ts';

/** Relays are Pro (console-spec §1 "Editions"): the message a community server answers with. */
export const RELAYS_NEED_PRO = 'relays need the Pro edition: this server runs the community edition';
const GATEWAYS_NEED_PRO = 'internet gateways need the Pro edition: this server runs the community edition';

/**
 * The relay and internet-gateway membership a node update asks for (PUT /api/nodes/{net}/{id}, issue 39), with
 * the rules of createrelay and inet_gw: same network, not itself, not a relay, ... Making a role is Pro; ending one
 * is allowed in both editions, so a community server can clear roles made before.
 */
export function nodeEditRule(nodeId: string, edit: NodeRoutingEdit, isPro: boolean): RoutingRule {
  return (state) => {
    if (edit.relay?.isRelay) {
      if (!isPro) throw badRequest(`relaynodes: ${RELAYS_NEED_PRO}`);
      setRelay(state, nodeId, edit.relay.relayed, 'relaynodes');
    } else if (edit.relay) removeRelay(state, nodeId);
    if (edit.internetGateway?.isGateway) {
      if (!isPro) throw badRequest(`isinternetgateway: ${GATEWAYS_NEED_PRO}`);
      setInternetGateway(state, nodeId, edit.internetGateway.clients);
    } else if (edit.internetGateway) removeInternetGateway(state, nodeId);
  };
}
