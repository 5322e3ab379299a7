import { ZERO_UUID, apiNodeSchema, type ApiNode, type UpdateNodeInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';

/**
 * PUT /api/nodes/{network}/{nodeid} takes the whole ApiNode back (v0.30 clients send every field). Nothing may
 * answer 200 for a field it ignored (issue 39), so every field is one of: applied here, applied by the routing
 * rules, observed by the server (a whole-node PUT echoes an older reading; never applied), or kept by the server
 * (accepted only when it equals the stored value, else a 400 naming the field and where it is changed).
 */
const APPLIED = new Set([
  'address',
  'address6',
  'connected',
  'metadata',
  'ingressdns',
  'ingressmtu',
  'ingresspersistentkeepalive',
  'additional_rag_ips',
  'dnson',
  'tags',
]);
const ROUTING = new Set(['isrelay', 'relaynodes', 'isinternetgateway', 'inet_node_req']);
const OBSERVED = new Set(['lastcheckin', 'lastpeerupdate', 'lastmodified', 'status']);

const NODE_FIELDS = new Set(Object.keys(apiNodeSchema.shape));

const WHERE: Record<string, string> = {
  id: 'the path names the node',
  hostid: 'a node stays on its host',
  network: 'the path names the network',
  isrelayed: "a node's relay is set in its relay's relaynodes",
  relayedby: "a node's relay is set in its relay's relaynodes",
  isegressgateway: 'use POST or DELETE /api/nodes/{network}/{nodeid}/creategateway, deletegateway',
  egressgatewayranges: 'use POST /api/nodes/{network}/{nodeid}/creategateway',
  egressgatewaynatenabled: 'use POST /api/nodes/{network}/{nodeid}/creategateway',
  egressgatewayranges_with_metric: 'use POST /api/nodes/{network}/{nodeid}/creategateway',
  isingressgateway: 'use POST /api/nodes/{network}/{nodeid}/createingress or DELETE .../deleteingress',
  is_fail_over: 'use the failover routes /api/v1/node/{nodeid}/failover',
  fail_over_peers: 'agents report failed-over pairs',
  failed_over_by: 'agents report failed-over pairs',
  internetgw_node_id: "a node's internet gateway is set in the gateway's inet_node_req",
  pendingdelete: 'use DELETE /api/nodes/{network}/{nodeid}',
};

/** A value with Go's zero values (false, 0, '', the zero UUID, empty lists and sets, null) as null, lists sorted. */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return null;
  if (value === ZERO_UUID) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((item) => JSON.stringify(canonical(item))).sort();
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, canonical(item)] as const)
      .filter(([, item]) => item !== null)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return entries.length === 0 ? null : Object.fromEntries(entries);
  }
  return value;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * Refuses (400, naming the field) a PUT field the route does not apply when it differs from the stored node, and
 * any field ApiNode does not have. Fields echoed back unchanged pass, so a whole node object can be sent back.
 */
export function checkNodePutFields(body: Record<string, unknown>, current: ApiNode): void {
  for (const [field, value] of Object.entries(body)) {
    if (APPLIED.has(field) || ROUTING.has(field) || OBSERVED.has(field)) continue;
    if (!NODE_FIELDS.has(field))
      throw badRequest(`${field}: not a node field, so it cannot be set through a node update`);
    if (!sameValue(value, current[field as keyof ApiNode]))
      throw badRequest(
        `${field}: cannot be changed through a node update (${WHERE[field] ?? 'the server keeps it'})`,
      );
  }
}

/** A change of relay or internet-gateway membership asked by a node update, for the routing rules. */
export interface NodeRoutingEdit {
  /** The node becomes (or stays) a relay of exactly `relayed`, or stops being one. */
  relay?: { isRelay: boolean; relayed: string[] };
  /** The node becomes (or stays) an internet gateway for exactly `clients`, or stops being one. */
  internetGateway?: { isGateway: boolean; clients: string[] };
}

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/** A role flag and its member list as asked, compared with the stored ones; undefined when nothing changes. */
function membership(
  flag: { field: string; asked: boolean | undefined; stored: boolean },
  members: { field: string; asked: readonly string[] | null | undefined; stored: readonly string[] },
): { on: boolean; members: string[] } | undefined {
  const on = flag.asked ?? flag.stored;
  const wanted = [...(members.asked ?? (on === flag.stored ? members.stored : []))];
  // Ending the role with its old list echoed back is fine; naming other nodes while ending it is not.
  const isEcho = members.asked != null && sameMembers(wanted, members.stored);
  if (!on && wanted.length > 0 && !isEcho)
    throw badRequest(`${members.field}: only a node with ${flag.field} set can list nodes here`);
  const isChanged = on !== flag.stored || (on && !sameMembers(wanted, members.stored));
  return isChanged ? { on, members: on ? wanted : [] } : undefined;
}

/** The relay and internet-gateway changes a node update asks for (applied with the rules of their own routes). */
export function nodeRoutingEdit(input: UpdateNodeInput, current: ApiNode): NodeRoutingEdit {
  const edit: NodeRoutingEdit = {};
  const relay = membership(
    { field: 'isrelay', asked: input.isrelay, stored: current.isrelay },
    { field: 'relaynodes', asked: input.relaynodes, stored: current.relaynodes },
  );
  if (relay) edit.relay = { isRelay: relay.on, relayed: relay.members };
  const gateway = membership(
    { field: 'isinternetgateway', asked: input.isinternetgateway, stored: current.isinternetgateway },
    {
      field: 'inet_node_req',
      asked: input.inet_node_req?.inet_node_client_ids,
      stored: current.inet_node_req.inet_node_client_ids,
    },
  );
  if (gateway) edit.internetGateway = { isGateway: gateway.on, clients: gateway.members };
  return edit;
}
