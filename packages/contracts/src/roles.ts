import { z } from 'zod';
import { boundedString } from './limits.ts';

/** v0.30 resource types a role grants on (api-contract §3.11); an `all_<type>` id covers every resource. */
export const roleResourceTypes = [
  'hosts',
  'relays',
  'remote_access_gw',
  'extclients',
  'inet_gw',
  'egress',
  'networks',
  'enrollment_key',
  'users',
  'acl',
  'tag',
  'dns',
  'fail_over',
  'metrics',
] as const;
export type RoleResourceType = (typeof roleResourceTypes)[number];

/** The id that grants a scope on every resource of a type. */
export const allResourcesId = (type: string) => `all_${type}`;

/** Global network roles and groups apply to every network under this key (api-contract §8.2). */
export const ALL_NETWORKS = 'all_networks';

export const permissionScopeInputSchema = z.object({
  create: z.boolean().default(false),
  read: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
  vpn_access: z.boolean().default(false),
  self_only: z.boolean().default(false),
});
export type PermissionScope = z.output<typeof permissionScopeInputSchema>;

const resourceTypeSchema = z.enum(roleResourceTypes, {
  error: (issue) =>
    `unknown resource type ${String(issue.input)}: use one of ${roleResourceTypes.join(', ')}`,
});
const accessMapInputSchema = z.partialRecord(
  resourceTypeSchema,
  z.record(z.string().min(1).max(128), permissionScopeInputSchema),
);
export type AccessMapInput = z.output<typeof accessMapInputSchema>;

/** A role's name, as the server checks it and the console's role form pre-checks it. */
export const roleNameSchema = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(64, 'name must be at most 64 characters');

/**
 * Body of POST /api/v1/users/role: only network roles can be created. The v0.30 dashboard sends `id` (= the
 * name) without `name`, so either names the role.
 */
export const createRoleInputSchema = z.looseObject({
  id: boundedString('id', 64).trim().optional(),
  name: roleNameSchema.optional(),
  network_id: z
    .string({ error: 'network_id is required: only network roles can be created' })
    .trim()
    .min(1, 'network_id is required: only network roles can be created')
    .max(64),
  full_access: z.boolean().default(false),
  deny_dashboard_access: z.boolean().default(false),
  meta_data: boundedString('meta_data', 1024).default(''),
  network_level_access: accessMapInputSchema.nullable().default({}),
});
export type CreateRoleInput = z.output<typeof createRoleInputSchema>;

/** Body of PUT /api/v1/users/role: the role with its id. */
export const updateRoleInputSchema = createRoleInputSchema.extend({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(128),
});
export type UpdateRoleInput = z.output<typeof updateRoleInputSchema>;

export const roleIdQuerySchema = z.object({
  role_id: z.string({ error: 'role_id is required' }).min(1, 'role_id is required').max(128),
});
export const rolesQuerySchema = z.object({ platform: z.enum(['true', 'false']).optional() });

const permissionScopeSchema = z.object({
  create: z.boolean(),
  read: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  vpn_access: z.boolean(),
  self_only: z.boolean(),
});
const accessMapSchema = z.record(z.string(), z.record(z.string(), permissionScopeSchema));

/** UserRole: a permission template (api-contract §3.11). */
export const userRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  default: z.boolean(),
  meta_data: z.string(),
  deny_dashboard_access: z.boolean(),
  full_access: z.boolean(),
  network_id: z.string(),
  network_level_access: accessMapSchema.nullable(),
  global_level_access: accessMapSchema.nullable(),
});
export type UserRole = z.infer<typeof userRoleSchema>;

// The console's reading of roles and the mapping to and from its forms.

const accessWireSchema = z
  .record(z.string(), z.record(z.string(), permissionScopeInputSchema))
  .nullable()
  .default(null);

/** The console's reading of a UserRole; lenient like the user schema so one odd role cannot blank a page. */
export const peopleRoleWireSchema = z.looseObject({
  id: z.string(),
  name: z.string().default(''),
  default: z.boolean().default(false),
  meta_data: z.string().default(''),
  deny_dashboard_access: z.boolean().default(false),
  full_access: z.boolean().default(false),
  network_id: z.string().default(''),
  network_level_access: accessWireSchema,
  global_level_access: accessWireSchema,
});
export type PeopleRoleWire = z.infer<typeof peopleRoleWireSchema>;

export const permissionScopes = ['create', 'read', 'update', 'delete', 'vpn_access', 'self_only'] as const;
export type PermissionScopeName = (typeof permissionScopes)[number];

/** One row of a permission matrix: a resource type and id with the scopes granted on it. */
export interface PermissionRow {
  resourceType: string;
  /** `all_<type>` or a concrete id. */
  resourceId: string;
  scopes: Record<PermissionScopeName, boolean>;
}

/** A role as the console shows it. */
export interface PeopleRole {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
  isPlatformRole: boolean;
  /** `""` for platform roles, `all_networks` for global network roles, otherwise a network id. */
  networkId: string;
  hasFullAccess: boolean;
  canUseDashboard: boolean;
  permissions: PermissionRow[];
}

type AccessWire = PeopleRoleWire['network_level_access'];

const toRows = (access: AccessWire): PermissionRow[] =>
  Object.entries(access ?? {}).flatMap(([resourceType, byId]) =>
    Object.entries(byId).map(([resourceId, cell]) => ({
      resourceType,
      resourceId,
      scopes: {
        create: cell.create,
        read: cell.read,
        update: cell.update,
        delete: cell.delete,
        vpn_access: cell.vpn_access,
        self_only: cell.self_only,
      },
    })),
  );

/** Maps the wire role; platform roles carry their rights in the global map, network roles in the network map. */
export function toPeopleRole(wire: PeopleRoleWire): PeopleRole {
  const isPlatformRole = wire.network_id === '';
  return {
    id: wire.id,
    name: wire.name || wire.id,
    description: wire.meta_data,
    isDefault: wire.default,
    isPlatformRole,
    networkId: wire.network_id,
    hasFullAccess: wire.full_access,
    canUseDashboard: !wire.deny_dashboard_access,
    permissions: toRows(isPlatformRole ? wire.global_level_access : wire.network_level_access),
  };
}
