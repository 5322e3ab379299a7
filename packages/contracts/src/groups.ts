import { z } from 'zod';
import { wireSetSchema } from './envelope.ts';
import { usernameSchema } from './users.ts';

/** UserGroup as responses carry it (api-contract §3.11). */
export const userGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  default: z.boolean(),
  meta_data: z.string(),
  network_roles: z.record(z.string(), wireSetSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

const networkRolesInputSchema = z.record(
  z.string().min(1).max(64),
  z.union([wireSetSchema, z.array(z.string().min(1).max(128))]),
  { error: 'network_roles must be an object {network id or all_networks: {role id: {}}}' },
);

const groupBody = {
  name: z.string().trim().min(1, 'name must not be empty').max(64, 'name must be at most 64 characters').optional(),
  meta_data: z.string().max(1024, 'meta_data must be at most 1024 characters').default(''),
  network_roles: networkRolesInputSchema.nullable().default({}),
};

/** Body of POST /api/v1/users/group: `{user_group, members}`; the v0.30 dashboard also sends an id and platform_role. */
export const createGroupInputSchema = z.looseObject({
  user_group: z.looseObject({ id: z.string().trim().max(128).optional(), ...groupBody }, { error: 'user_group is required' }),
  members: z.array(usernameSchema).max(10000).nullable().default([]),
});
export type CreateGroupInput = z.output<typeof createGroupInputSchema>;

/** Body of PUT /api/v1/users/group: the group with its id; members are edited through users. */
export const updateGroupInputSchema = z.looseObject({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(128),
  ...groupBody,
});
export type UpdateGroupInput = z.output<typeof updateGroupInputSchema>;

export const groupIdQuerySchema = z.object({ group_id: z.string({ error: 'group_id is required' }).min(1, 'group_id is required').max(128) });
