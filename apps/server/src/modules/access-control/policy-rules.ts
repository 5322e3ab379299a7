import { isCidr, tagId, gatewaysTagId, type AclInput, type AclRefInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkAccessRows, PolicyRow } from './access.repository.ts';
import { protocolOf } from './access-state.ts';

const SOURCE_TYPES = {
  // Traffic from an egress range enters through the gateways routing it (issue 32: sources by egress range).
  'device-policy': ['tag', 'device', 'egress-range'],
  'user-policy': ['user', 'user-group'],
} as const;
const DESTINATION_TYPES = {
  'device-policy': ['tag', 'device', 'egress-range'],
  'user-policy': ['tag', 'device', 'egress-range'],
} as const;

/** Whether a tag id exists in the network: a tag record, `*`, or the automatic gateways tag. */
export function isKnownTag(rows: NetworkAccessRows, id: string): boolean {
  return id === '*' || id === gatewaysTagId(rows.netid) || rows.tags.some((t) => t.id === id);
}

/**
 * The contract's checks of a policy (api-contract §2.15, §3.7), each a 400 naming the field: valid source and
 * destination kinds for the policy type, tags, nodes and clients that exist in the network, CIDRs for egress
 * ranges, and the community edition's limits (device policies between `*`, the gateways tag and single nodes,
 * both directions only).
 */
export function checkPolicy(rows: NetworkAccessRows, input: AclInput, isPro: boolean): void {
  const members = new Set([...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)]);
  const check = (field: 'src_type' | 'dst_type', allowed: readonly string[], ref: AclRefInput) => {
    if (!allowed.includes(ref.id))
      throw badRequest(
        `${field}: a ${input.policy_type} cannot use ${ref.id} (allowed: ${allowed.join(', ')})`,
      );
    if (ref.id === 'tag' && !isKnownTag(rows, ref.value))
      throw badRequest(`${field}: unknown tag ${ref.value} in network ${rows.netid}`);
    if (ref.id === 'device' && ref.value !== '*' && !members.has(ref.value))
      throw badRequest(`${field}: unknown node or client ${ref.value} in network ${rows.netid}`);
    if (ref.id === 'egress-range' && ref.value !== '*' && !isCidr(ref.value))
      throw badRequest(`${field}: egress range ${ref.value} is not a CIDR such as 10.0.0.0/24`);
    if (!isPro && ref.id === 'tag' && ref.value !== '*' && ref.value !== gatewaysTagId(rows.netid))
      throw badRequest(`${field}: tags other than * and ${gatewaysTagId(rows.netid)} need the Pro edition`);
  };
  for (const ref of input.src_type) check('src_type', SOURCE_TYPES[input.policy_type], ref);
  for (const ref of input.dst_type) check('dst_type', DESTINATION_TYPES[input.policy_type], ref);
  if (!isPro && input.policy_type !== 'device-policy')
    throw badRequest('policy_type: only device policies are allowed on CE');
  if (!isPro && input.allowed_traffic_direction === 0)
    throw badRequest('allowed_traffic_direction: uni traffic flow not allowed on CE');
  if (input.type === 'Custom' && (input.protocol === 'all' || input.protocol === 'icmp' || !input.protocol))
    throw badRequest('protocol: a Custom service needs protocol tcp or udp');
}

/** The stored row of a new or replaced policy. */
export function policyRow(
  netid: string,
  id: string,
  input: AclInput,
  base: { created_by: string; created_at: string; is_default: number },
): PolicyRow {
  const { protocol, service, ports } = protocolOf(input);
  const refs = (list: readonly AclRefInput[]) =>
    JSON.stringify(list.map((r) => ({ id: r.id, value: r.value })));
  return {
    id,
    network: netid,
    name: input.new_name || input.name,
    meta_data: input.meta_data ?? '',
    policy_type: input.policy_type,
    src_type: refs(input.src_type),
    dst_type: refs(input.dst_type),
    protocol,
    service_type: service,
    ports: JSON.stringify(ports),
    direction: input.allowed_traffic_direction ?? 1,
    enabled: input.enabled === false ? 0 : 1,
    ...base,
  };
}

/** On a default policy only `enabled` may change (§3.7: defaults cannot be renamed or deleted). */
export function checkDefaultChange(current: PolicyRow, next: PolicyRow): void {
  if (next.name !== current.name) throw badRequest('name: default policies cannot be renamed');
  const shape = (row: PolicyRow) =>
    JSON.stringify([row.policy_type, row.src_type, row.dst_type, row.protocol, row.ports, row.direction]);
  if (shape(next) !== shape(current))
    throw badRequest(`${current.name} is a default policy: only enabled can change`);
}

/** Rewrites a tag id in policy refs (a rename), returning the new JSON or undefined when nothing named it. */
export function renameInRefs(text: string, from: string, to: string): string | undefined {
  const list = JSON.parse(text) as { id: string; value: string }[];
  let changed = false;
  const next = list.map((ref) => {
    if (ref.id !== 'tag' || ref.value !== from) return ref;
    changed = true;
    return { ...ref, value: to };
  });
  return changed ? JSON.stringify(next) : undefined;
}

/** Whether policy refs name a tag. */
export const refsNameTag = (text: string, id: string): boolean =>
  (JSON.parse(text) as { id: string; value: string }[]).some((r) => r.id === 'tag' && r.value === id);

export { tagId };
