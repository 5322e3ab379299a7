import { z } from 'zod';

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
  error: (issue) => `unknown resource type ${String(issue.input)}: use one of ${roleResourceTypes.join(', ')}`,
});
const accessMapInputSchema = z.partialRecord(resourceTypeSchema, z.record(z.string().min(1).max(128), permissionScopeInputSchema));
export type AccessMapInput = z.output<typeof accessMapInputSchema>;

const roleName = z.string().trim().min(1, 'name must not be empty').max(64, 'name must be at most 64 characters');

/**
 * Body of POST /api/v1/users/role: only network roles can be created. The v0.30 dashboard sends `id` (= the
 * name) without `name`, so either names the role.
 */
export const createRoleInputSchema = z.looseObject({
  id: z.string().trim().max(64, 'id must be at most 64 characters').optional(),
  name: roleName.optional(),
  network_id: z.string({ error: 'network_id is required: only network roles can be created' }).trim().min(1, 'network_id is required: only network roles can be created').max(64),
  full_access: z.boolean().default(false),
  deny_dashboard_access: z.boolean().default(false),
  meta_data: z.string().max(1024, 'meta_data must be at most 1024 characters').default(''),
  network_level_access: accessMapInputSchema.nullable().default({}),
});
export type CreateRoleInput = z.output<typeof createRoleInputSchema>;

/** Body of PUT /api/v1/users/role: the role with its id. */
export const updateRoleInputSchema = createRoleInputSchema.extend({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(128),
});
export type UpdateRoleInput = z.output<typeof updateRoleInputSchema>;

export const roleIdQuerySchema = z.object({ role_id: z.string({ error: 'role_id is required' }).min(1, 'role_id is required').max(128) });
export const rolesQuerySchema = z.object({ platform: z.enum(['true', 'false']).optional() });
