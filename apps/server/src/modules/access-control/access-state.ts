import {
  ACL_SERVICES,
  gatewaysTagId,
  type AccessInput,
  type AccessPolicy,
  type Acl,
  type AclInput,
  type AclProtocol,
  type AclService,
  type PolicyNode,
  type PolicyRef,
} from '@meshdeck/contracts';
import { nodeSettings } from '../nodes/nodes.public.ts';
import { parseIds, type NetworkAccessRows, type PolicyRow } from './access.repository.ts';

/** A stored (or implicit default) policy in the contract's words, before presentation. */
export interface PolicyRecord {
  row: PolicyRow;
  isImplicit: boolean;
}

const refs = (text: string): { id: string; value: string }[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as { id: string; value: string }[]) : [];
  } catch {
    return [];
  }
};

/** The contract's default policies of a network (§3.7); they exist without a row until someone changes one. */
export function defaultPolicies(netid: string, defaultAllow: boolean, isPro: boolean): PolicyRow[] {
  const base = {
    network: netid,
    meta_data: '',
    protocol: 'all',
    service_type: 'Any',
    ports: '[]',
    is_default: 1,
    created_by: 'auto',
    created_at: new Date(0).toISOString(),
  };
  const json = (list: { id: string; value: string }[]) => JSON.stringify(list);
  const rows: PolicyRow[] = [
    {
      ...base,
      id: `${netid}.all-nodes`,
      name: 'All Nodes',
      meta_data:
        'Allows every node to reach every node (the network default access decides whether it starts on)',
      policy_type: 'device-policy',
      src_type: json([{ id: 'tag', value: '*' }]),
      dst_type: json([{ id: 'tag', value: '*' }]),
      direction: 1,
      enabled: defaultAllow ? 1 : 0,
    },
    {
      ...base,
      id: `${netid}.all-gateways`,
      name: 'All Gateways',
      policy_type: 'device-policy',
      src_type: json([{ id: 'tag', value: gatewaysTagId(netid) }]),
      dst_type: json([{ id: 'tag', value: '*' }]),
      direction: 1,
      enabled: 1,
    },
    {
      ...base,
      id: `${netid}.all-users`,
      name: 'All Users',
      policy_type: 'user-policy',
      src_type: json([{ id: 'user', value: '*' }]),
      dst_type: json([{ id: 'tag', value: '*' }]),
      direction: 0,
      enabled: 1,
    },
  ];
  if (isPro)
    for (const [suffix, name, kind] of [
      ['network-admin-grp', 'Network Admin', 'network-admin'],
      ['network-user-grp', 'Network User', 'network-user'],
    ] as const)
      rows.push({
        ...base,
        id: `${netid}.${suffix}`,
        name,
        policy_type: 'user-policy',
        src_type: json([
          { id: 'user-group', value: `global-${kind}-grp` },
          { id: 'user-group', value: `${netid}-${kind}-grp` },
        ]),
        dst_type: json([{ id: 'tag', value: gatewaysTagId(netid) }]),
        direction: 0,
        enabled: 1,
      });
  return rows;
}

/** Every policy of the network: the defaults (stored or implicit) first, then the others in creation order. */
export function policyRecords(rows: NetworkAccessRows, isPro: boolean): PolicyRecord[] {
  const stored = new Map(rows.policies.map((p) => [p.id, p]));
  const defaults = defaultPolicies(rows.netid, rows.defaultAllow, isPro).map((row) => {
    const own = stored.get(row.id);
    return own ? { row: own, isImplicit: false } : { row, isImplicit: true };
  });
  const defaultIds = new Set(defaults.map((d) => d.row.id));
  return [
    ...defaults,
    ...rows.policies.filter((p) => !defaultIds.has(p.id)).map((row) => ({ row, isImplicit: false })),
  ];
}

const toRef = (ref: { id: string; value: string }): PolicyRef => ({
  type: ref.id as PolicyRef['type'],
  value: ref.value,
});

/** A policy row as the access function reads it. */
export function toAccessPolicy(row: PolicyRow): AccessPolicy {
  return {
    id: row.id,
    enabled: row.enabled === 1,
    bidirectional: row.direction === 1,
    sources: refs(row.src_type).map(toRef),
    destinations: refs(row.dst_type).map(toRef),
    protocol: row.protocol as AccessPolicy['protocol'],
    ports: parseIds(row.ports),
  };
}

/**
 * Nodes as converted last time, by id, while their tags and settings stay the same: parsing 10,000 nodes' JSON
 * took more than the policy computation it feeds, and an unchanged node keeps its object (the diff's fast path).
 */
const converted = new Map<string, { key: string; node: PolicyNode }>();
const CONVERTED_LIMIT = 200_000;

/** The nodes and clients of the network as the access function reads them. */
export function policyNodes(rows: NetworkAccessRows): PolicyNode[] {
  const gateways = gatewaysTagId(rows.netid);
  const nodes: PolicyNode[] = rows.nodes.map((node) => {
    const key = `${rows.netid}\n${node.id}\n${node.tags}\n${node.settings}`;
    const known = converted.get(node.id);
    if (known?.key === key) return known.node;
    const settings = nodeSettings(node);
    const isGateway = settings.isingressgateway || settings.isrelay || settings.isinternetgateway;
    const tags = parseIds(node.tags);
    const converted_: PolicyNode = {
      id: node.id,
      tags: isGateway ? [...tags, gateways] : tags,
      egressRanges: settings.isegressgateway ? settings.egressgatewayranges : [],
    };
    if (converted.size >= CONVERTED_LIMIT) converted.clear();
    converted.set(node.id, { key, node: converted_ });
    return converted_;
  });
  for (const client of rows.clients)
    nodes.push({
      id: client.client_id,
      isClient: true,
      tags: parseIds(client.tags),
      ...(client.owner_id
        ? { owner: client.owner_id, groups: rows.ownerGroups.get(client.owner_id) ?? [] }
        : {}),
    });
  return nodes;
}

/** Members created after the matrix fill was set (decision 040): their pairs are outside it. */
export function afterFill(rows: NetworkAccessRows): Set<string> {
  const later = new Set<string>();
  if (rows.matrixFill === 0) return later;
  for (const node of rows.nodes) if (node.created_at > rows.matrixFillAt) later.add(node.id);
  for (const client of rows.clients) if (client.created_at > rows.matrixFillAt) later.add(client.client_id);
  return later;
}

/** What decides access in the network, for the shared access function. */
export function accessInput(rows: NetworkAccessRows, isPro: boolean): AccessInput {
  const later = afterFill(rows);
  const nodes = policyNodes(rows);
  return {
    nodes: later.size === 0 ? nodes : nodes.map((n) => (later.has(n.id) ? { ...n, isAfterFill: true } : n)),
    defaultAllow: rows.defaultAllow,
    matrix: rows.matrix.map((cell) => ({
      a: cell.a,
      b: cell.b,
      value: cell.value === 1 ? 1 : cell.value === 0 ? 0 : 2,
    })),
    ...(rows.matrixFill === 0 ? {} : { matrixFill: rows.matrixFill }),
    policies: policyRecords(rows, isPro).map((record) => toAccessPolicy(record.row)),
  };
}

/** The protocol and ports a request stands for: its service preset, else its own protocol and ports. */
export function protocolOf(input: AclInput): { protocol: AclProtocol; service: AclService; ports: string[] } {
  const service: AclService = input.type ?? (input.protocol && input.protocol !== 'all' ? 'Custom' : 'Any');
  const preset = ACL_SERVICES[service];
  if (preset) return { protocol: preset.protocol, service, ports: [...preset.ports] };
  const protocol = input.protocol ?? 'all';
  return { protocol, service, ports: protocol === 'all' || protocol === 'icmp' ? [] : (input.ports ?? []) };
}

/** A policy as the contract sends it, with display names filled in. */
export function presentPolicy(row: PolicyRow, nameOf: (type: string, value: string) => string): Acl {
  const present = (text: string) =>
    refs(text).map((ref) => ({ id: ref.id, value: ref.value, name: nameOf(ref.id, ref.value) }));
  return {
    id: row.id,
    default: row.is_default === 1,
    meta_data: row.meta_data,
    name: row.name,
    network_id: row.network,
    policy_type: row.policy_type,
    src_type: present(row.src_type),
    dst_type: present(row.dst_type),
    allowed_traffic_direction: row.direction,
    enabled: row.enabled === 1,
    created_by: row.created_by,
    created_at: row.created_at,
    protocol: row.protocol,
    type: row.service_type,
    ports: parseIds(row.ports),
  };
}
