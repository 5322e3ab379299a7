import { ZERO_UUID, fromWireSet, toMeshNode, type ApiNode, type MeshNode } from '@meshdeck/contracts';

/**
 * A node as the console lists it: the contracts' MeshNode plus the fields the nodes page filters on and the
 * details card shows. `wire` is kept only because PUT nodes/{net}/{id} takes the whole node object.
 */
export interface NodeView extends MeshNode {
  isRelayed: boolean;
  isFailover: boolean;
  isStatic: boolean;
  isUserNode: boolean;
  localAddress: string;
  egressRanges: string[];
  relayNodeIds: string[];
  internetGatewayId: string | undefined;
  metadata: string;
  isDnsOn: boolean;
  tags: string[];
  expiresAt: Date | undefined;
  lastModified: Date | undefined;
  wire: ApiNode;
}

const unixToDate = (seconds: number): Date | undefined =>
  seconds > 0 ? new Date(seconds * 1000) : undefined;

/** Maps the wire ApiNode to the console's node view. */
export const toNodeView = (node: ApiNode): NodeView => ({
  ...toMeshNode(node),
  isRelayed: node.isrelayed || (node.relayedby !== '' && node.relayedby !== ZERO_UUID),
  isFailover: node.is_fail_over,
  isStatic: node.is_static,
  isUserNode: node.is_user_node,
  localAddress: node.localaddress,
  egressRanges: node.egressgatewayranges,
  relayNodeIds: node.relaynodes,
  internetGatewayId:
    node.internetgw_node_id === '' || node.internetgw_node_id === ZERO_UUID
      ? undefined
      : node.internetgw_node_id,
  metadata: node.metadata,
  isDnsOn: node.dnson,
  tags: fromWireSet(node.tags),
  expiresAt: unixToDate(node.expdatetime),
  lastModified: unixToDate(node.lastmodified),
  wire: node,
});
