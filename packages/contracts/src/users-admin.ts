import { z } from 'zod';
import { wireSetSchema } from './envelope.ts';
import { createUserInputSchema, passwordSchema, usernameSchema } from './users.ts';

/**
 * Body of PUT /api/users/{username}: the dashboard sends the whole user, with `password` only when it changed
 * (api-contract §2.12). Fields left out keep their value.
 */
export const updateUserInputSchema = z.looseObject({
  username: usernameSchema.optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  platform_role_id: z.string({ error: 'platform_role_id must be a string' }).max(64).optional(),
  user_group_ids: wireSetSchema.nullable().optional(),
  network_roles: z.record(z.string(), wireSetSchema).nullable().optional(),
  display_name: z.string().max(128, 'display_name must be at most 128 characters').optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(256) });

/** Body of POST /api/users/{username} with the groups and network roles the v0.30 dashboard also sends. */
export const createUserWithGroupsInputSchema = createUserInputSchema.extend({
  user_group_ids: wireSetSchema.nullable().optional(),
  network_roles: z.record(z.string(), wireSetSchema).nullable().optional(),
});
export type CreateUserWithGroupsInput = z.infer<typeof createUserWithGroupsInputSchema>;
