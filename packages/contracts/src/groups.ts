import { z } from 'zod';
import { boundedString } from './limits.ts';
import { fromWireSet, toWireSet, wireSetSchema } from './envelope.ts';
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

/** A group's name, as the server checks it and the console's group form pre-checks it. */
export const groupNameSchema = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(64, 'name must be at most 64 characters');

const groupBody = {
  name: groupNameSchema.optional(),
  meta_data: boundedString('meta_data', 1024).default(''),
  network_roles: networkRolesInputSchema.nullable().default({}),
};

/** Body of POST /api/v1/users/group: `{user_group, members}`; the v0.30 dashboard also sends an id and platform_role. */
export const createGroupInputSchema = z.looseObject({
  user_group: z.looseObject(
    { id: boundedString('id', 128).trim().optional(), ...groupBody },
    { error: 'user_group is required' },
  ),
  members: z.array(usernameSchema).max(10000).nullable().default([]),
});
export type CreateGroupInput = z.output<typeof createGroupInputSchema>;

/** Body of PUT /api/v1/users/group: the group with its id; members are edited through users. */
export const updateGroupInputSchema = z.looseObject({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(128),
  ...groupBody,
});
export type UpdateGroupInput = z.output<typeof updateGroupInputSchema>;

export const groupIdQuerySchema = z.object({
  group_id: z.string({ error: 'group_id is required' }).min(1, 'group_id is required').max(128),
});

// The console's reading of groups and the mapping from its form.

/** The console's reading of a UserGroup (api-contract §3.11). */
export const peopleGroupWireSchema = z.looseObject({
  id: z.string(),
  name: z.string().default(''),
  default: z.boolean().default(false),
  meta_data: z.string().default(''),
  network_roles: z.record(z.string(), wireSetSchema).nullable().default(null),
});
export type PeopleGroupWire = z.infer<typeof peopleGroupWireSchema>;

/** A user group as the console shows it. */
export interface PeopleGroup {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
  /** Network id (or `all_networks`) to role ids. */
  networkRoles: Record<string, string[]>;
}

export const toPeopleGroup = (wire: PeopleGroupWire): PeopleGroup => ({
  id: wire.id,
  name: wire.name || wire.id,
  description: wire.meta_data,
  isDefault: wire.default,
  networkRoles: Object.fromEntries(
    Object.entries(wire.network_roles ?? {}).map(([network, roles]) => [network, fromWireSet(roles)]),
  ),
});

/** What the group form produces. */
export interface GroupInput {
  /** Empty when creating. */
  id: string;
  name: string;
  description: string;
  networkRoles: Record<string, string[]>;
  members: string[];
}

/** Body of PUT /api/v1/users/group as the console sends it (the server parses it with updateGroupInputSchema). */
export type UpdateGroupBody = z.input<typeof updateGroupInputSchema> & {
  id: string;
  name: string;
  meta_data: string;
  network_roles: Record<string, Record<string, object>>;
};
/** Body of POST /api/v1/users/group: `{user_group, members}` (api-contract §2.13). */
export type CreateGroupBody = { user_group: UpdateGroupBody; members: string[] };

/** The v0.30 id rule for new groups: the name lower-cased with spaces as dashes; v1.5 servers replace it. */
export const groupIdFromName = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');

/** Maps the form to the wire group; roles with no network choice are dropped. */
export function toGroupWire(input: GroupInput): UpdateGroupBody {
  const roles = Object.entries(input.networkRoles).filter(([, ids]) => ids.length > 0);
  return {
    id: input.id || groupIdFromName(input.name),
    name: input.name.trim(),
    meta_data: input.description,
    network_roles: Object.fromEntries(roles.map(([network, ids]) => [network, toWireSet(ids)])),
  };
}
