import { z } from 'zod';
import { LIMITS, boundedArray, boundedString } from './limits.ts';

/** ACL policies (api-contract §2.15, §3.7), the old matrix (§2.16), access impact and checks (issue 32). */

export const ACL_REF_TYPES = ['user', 'user-group', 'tag', 'device', 'egress-range'] as const;
export type AclRefType = (typeof ACL_REF_TYPES)[number];
export const POLICY_TYPES = ['device-policy', 'user-policy'] as const;
export const ACL_PROTOCOLS = ['all', 'tcp', 'udp', 'icmp'] as const;
export type AclProtocol = (typeof ACL_PROTOCOLS)[number];
/** Service presets (§3.7) and the protocol and ports each stands for; `Custom` takes the request's. */
export const ACL_SERVICES = {
  Any: { protocol: 'all', ports: [] },
  HTTP: { protocol: 'tcp', ports: ['80'] },
  HTTPS: { protocol: 'tcp', ports: ['443'] },
  'All TCP': { protocol: 'tcp', ports: [] },
  'All UDP': { protocol: 'udp', ports: [] },
  ICMP: { protocol: 'icmp', ports: [] },
  SSH: { protocol: 'tcp', ports: ['22'] },
  Custom: undefined,
} as const satisfies Record<string, { protocol: AclProtocol; ports: string[] } | undefined>;
export type AclService = keyof typeof ACL_SERVICES;
const serviceNames = Object.keys(ACL_SERVICES) as [AclService, ...AclService[]];

export const aclRefSchema = z.object({ id: z.string(), name: z.string(), value: z.string() });
export type AclRef = z.infer<typeof aclRefSchema>;

export const aclSchema = z.object({
  id: z.string(),
  default: z.boolean(),
  meta_data: z.string(),
  name: z.string(),
  network_id: z.string(),
  policy_type: z.string(),
  src_type: z.array(aclRefSchema),
  dst_type: z.array(aclRefSchema),
  allowed_traffic_direction: z.number().int(),
  enabled: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  protocol: z.string(),
  type: z.string(),
  ports: z.array(z.string()),
});
export type Acl = z.infer<typeof aclSchema>;

const refInputSchema = (field: string) =>
  z.looseObject({
    id: z.enum(ACL_REF_TYPES, { error: `${field}.id must be one of ${ACL_REF_TYPES.join(', ')}` }),
    value: boundedString(`${field}.value`, 200).min(1, `${field}.value is required`),
    name: boundedString(`${field}.name`, 200).nullish(),
  });
export type AclRefInput = z.infer<ReturnType<typeof refInputSchema>>;

/** A port or a range (`443`, `8000-9000`) between 1 and 65535. */
export const aclPortSchema = boundedString('ports', 11).refine(
  (port) => {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(port);
    if (!match) return false;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    return from >= 1 && to <= 65535 && from <= to;
  },
  { error: 'ports must be ports or ranges between 1 and 65535, such as 443 or 8000-9000' },
);

const refsSchema = (field: string) =>
  boundedArray(field, refInputSchema(field), 256).min(
    1,
    `${field} must name at least one ${field === 'src_type' ? 'source' : 'destination'}`,
  );

/** POST /api/v1/acls (the whole policy; PUT adds `id` and `new_name`). */
export const aclInputSchema = z.looseObject({
  id: boundedString('id', 200).nullish(),
  name: boundedString('name', 128).min(1, 'name is required'),
  network_id: boundedString('network_id', LIMITS.id).min(1, 'network_id is required'),
  policy_type: z.enum(POLICY_TYPES, { error: `policy_type must be one of ${POLICY_TYPES.join(', ')}` }),
  src_type: refsSchema('src_type'),
  dst_type: refsSchema('dst_type'),
  allowed_traffic_direction: z
    .union([z.literal(0), z.literal(1)], { error: 'allowed_traffic_direction must be 0 or 1' })
    .nullish(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).nullish(),
  protocol: z.enum(ACL_PROTOCOLS, { error: `protocol must be one of ${ACL_PROTOCOLS.join(', ')}` }).nullish(),
  type: z.enum(serviceNames, { error: `type must be one of ${serviceNames.join(', ')}` }).nullish(),
  ports: boundedArray('ports', aclPortSchema, 64).nullish(),
  meta_data: boundedString('meta_data', 1024).nullish(),
  new_name: boundedString('new_name', 128).nullish(),
});
export type AclInput = z.infer<typeof aclInputSchema>;
export const aclUpdateInputSchema = aclInputSchema.extend({
  id: boundedString('id', 200).min(1, 'id is required'),
});

export const aclNetworkQuerySchema = z.looseObject({
  network: boundedString('network', LIMITS.id).min(1, 'network is required'),
});
export const aclIdQuerySchema = z.looseObject({
  acl_id: boundedString('acl_id', 200).min(1, 'acl_id is required'),
});
export const aclDebugQuerySchema = z.looseObject({
  node: boundedString('node', LIMITS.id).min(1, 'node is required'),
  peer: boundedString('peer', LIMITS.id).min(1, 'peer is required'),
  peer_is_static: z.enum(['true', 'false'], { error: 'peer_is_static must be true or false' }).optional(),
});

/** `AclPolicyTypes` (§3.7); note the capitalised `ProtocolTypes`. */
export const aclPolicyTypesSchema = z.object({
  ProtocolTypes: z.array(
    z.object({
      name: z.string(),
      allowed_protocols: z.array(z.string()),
      port_range: z.string(),
      allow_port_setting: z.boolean(),
    }),
  ),
  policy_types: z.array(z.string()),
  src_grp_types: z.array(z.string()),
  dst_grp_types: z.array(z.string()),
});

/** The debug answer: the contract's fields plus Meshdeck's `flows` (what each way carries, and why). */
export const aclDebugSchema = z.object({
  IsNodeAllowed: z.boolean(),
  IsPeerAllowed: z.boolean(),
  Policies: z.array(aclSchema),
  IngressRules: z.array(z.unknown()),
  NodeAllPolicy: z.boolean(),
  EgressNets: z.array(z.string()),
  flows: z.object({
    node_to_peer: z.array(z.string()),
    peer_to_node: z.array(z.string()),
    matrix: z.number().int(),
  }),
});

/** The old matrix: `{id: {otherId: 1 | 2}}` (1 = deny, 2 = allow; 0 in a request = leave as is). */
export const aclContainerSchema = z.record(z.string(), z.record(z.string(), z.number().int()));
export type AclContainer = z.infer<typeof aclContainerSchema>;
export const aclContainerInputSchema = z
  .record(
    boundedString('matrix id', LIMITS.id),
    z
      .record(
        boundedString('matrix id', LIMITS.id),
        z.union([z.literal(0), z.literal(1), z.literal(2)], {
          error: 'matrix cells must be 1 (deny) or 2 (allow)',
        }),
      )
      .refine((row) => Object.keys(row).length <= 20_000, {
        error: 'a matrix row must hold at most 20000 cells',
      }),
  )
  .refine((rows) => Object.keys(rows).length <= 20_000, { error: 'the matrix must hold at most 20000 rows' });

/**
 * Meshdeck: GET /api/networks/{net}/acls/cells, the same matrix without its N² body: the members (node ids, then
 * client ids), the value of every cell nobody set (the network default: 1 deny, 2 allow) and the cells that differ
 * from it, once per unordered pair. 1,000 nodes answer in kilobytes where `/acls` sends a million cells.
 */
export const aclMatrixCellsSchema = z.object({
  members: z.array(z.string()),
  default_value: z.number().int(),
  cells: z.array(z.object({ a: z.string(), b: z.string(), value: z.number().int() })),
});
export type AclMatrixCells = z.infer<typeof aclMatrixCellsSchema>;

const cellValueSchema = z.union([z.literal(1), z.literal(2)], {
  error: 'matrix cells must be 1 (deny) or 2 (allow)',
});

/**
 * Meshdeck: PUT /api/networks/{net}/acls/cells (and its preview), the compact write: `fill` sets every pair (nodes
 * and clients; never client to client) to one value first, then `cells` set single pairs. "Block all" at 1,000 nodes
 * is then a few bytes, where the same change through `/acls/v2` is a 20 MB body.
 */
export const aclMatrixCellsInputSchema = z.looseObject({
  fill: cellValueSchema.nullish(),
  cells: boundedArray(
    'cells',
    z.object({
      a: boundedString('cells.a', LIMITS.id).min(1, 'cells.a is required'),
      b: boundedString('cells.b', LIMITS.id).min(1, 'cells.b is required'),
      value: cellValueSchema,
    }),
    20_000,
  ).nullish(),
});
export type AclMatrixCellsInput = z.infer<typeof aclMatrixCellsInputSchema>;

const namedPairSchema = z.object({
  from: z.string(),
  from_name: z.string(),
  to: z.string(),
  to_name: z.string(),
});

/** What a change would do (issue 32): counts over every pair, the first changes, the checks it breaks. */
export const accessImpactSchema = z.object({
  pairs: z.object({ gained: z.number().int(), lost: z.number().int() }),
  flows: z.object({ opened: z.number().int(), closed: z.number().int(), changed: z.number().int() }),
  changes: z.array(namedPairSchema.extend({ before: z.array(z.string()), after: z.array(z.string()) })),
  truncated: z.boolean(),
  broken_assertions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      expect: z.string(),
      count: z.number().int(),
      pairs: z.array(namedPairSchema),
    }),
  ),
});
export type AccessImpact = z.infer<typeof accessImpactSchema>;

/** POST /api/v1/acls/preview: the policies that would be created, replaced and deleted, in one change. */
export const aclPreviewInputSchema = z.looseObject({
  network_id: boundedString('network_id', LIMITS.id).min(1, 'network_id is required'),
  create: boundedArray('create', aclInputSchema, 64).nullish(),
  update: boundedArray('update', aclUpdateInputSchema, 64).nullish(),
  delete: boundedArray('delete', boundedString('delete', 200), 64).nullish(),
});
export type AclPreviewInput = z.infer<typeof aclPreviewInputSchema>;

/** A "must reach" / "must not reach" check of a network. */
export const accessAssertionSchema = z.object({
  id: z.string(),
  network_id: z.string(),
  name: z.string(),
  from: aclRefSchema,
  to: aclRefSchema,
  expect: z.enum(['reach', 'no-reach']),
  protocol: z.string(),
  port: z.number().int(),
  created_at: z.string(),
});
export type AccessAssertionWire = z.infer<typeof accessAssertionSchema>;

export const accessAssertionInputSchema = z.looseObject({
  network_id: boundedString('network_id', LIMITS.id).min(1, 'network_id is required'),
  name: boundedString('name', 128).min(1, 'name is required'),
  from: refInputSchema('from'),
  to: refInputSchema('to'),
  expect: z.enum(['reach', 'no-reach'], { error: 'expect must be reach or no-reach' }),
  protocol: z.enum(['tcp', 'udp', 'icmp'], { error: 'protocol must be tcp, udp or icmp' }).nullish(),
  port: z
    .number({ error: 'port must be a number' })
    .int('port must be a whole number')
    .min(1, 'port must be between 1 and 65535')
    .max(65535, 'port must be between 1 and 65535')
    .nullish(),
});
export type AccessAssertionInput = z.infer<typeof accessAssertionInputSchema>;
export const assertionIdQuerySchema = z.looseObject({
  id: boundedString('id', LIMITS.id).min(1, 'id is required'),
});
