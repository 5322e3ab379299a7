import type { NetworkAccessRows } from './access.repository.ts';
import type { AccessService } from './access.service.ts';
import { policyRecords, presentPolicy } from './access-state.ts';
import { refNames } from './names.ts';

/**
 * Why can A reach B (api-contract §2.15 debug): what flows each way, the enabled policies that match the pair
 * (either way round), whether the `All Nodes` default is on, and the matrix cell deciding the pair if any.
 */
export function debugPair(service: AccessService, rows: NetworkAccessRows, node: string, peer: string) {
  const model = service.model(rows);
  const toPeer = model.flow(node, peer);
  const toNode = model.flow(peer, node);
  const names = refNames(rows);
  const records = policyRecords(rows, service.isPro);
  const matching = records.filter(({ row }) => {
    const compiled = model.policies.find((c) => c.policy.id === row.id);
    if (!compiled?.policy.enabled) return false;
    const has = (side: typeof compiled.sources, id: string) => side === 'all' || side.has(id);
    const forward = has(compiled.sources, node) && has(compiled.destinations, peer);
    const backward = has(compiled.sources, peer) && has(compiled.destinations, node);
    return forward || backward;
  });
  const cell = rows.matrix.find((c) => (c.a === node && c.b === peer) || (c.a === peer && c.b === node));
  return {
    IsNodeAllowed: toPeer.length > 0,
    IsPeerAllowed: toNode.length > 0,
    Policies: matching.map(({ row }) => presentPolicy(row, names)),
    IngressRules: [],
    NodeAllPolicy: records.some(({ row }) => row.id === `${rows.netid}.all-nodes` && row.enabled === 1),
    EgressNets: [],
    flows: {
      node_to_peer: toPeer,
      peer_to_node: toNode,
      // The cell deciding the pair, else the matrix fill where it reaches (a cell of 0 leaves it to the policies).
      matrix: cell ? cell.value : model.isFilled(node, peer) ? rows.matrixFill : 0,
    },
  };
}
