import { z } from 'zod';
import { fromWireSet, toWireSet, wireSetSchema } from './envelope.ts';

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

const groupWireBodySchema = z.looseObject({
  id: z.string().max(128),
  name: z.string().trim().min(1, 'name is required').max(64, 'name must be at most 64 characters'),
  meta_data: z.string().max(1024, 'description must be at most 1024 characters'),
  network_roles: z.record(z.string(), wireSetSchema),
});

/** Body of POST /api/v1/users/group: `{user_group, members}` (api-contract §2.13). */
export const createGroupBodySchema = z.object({
  user_group: groupWireBodySchema,
  members: z.array(z.string()),
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

/** Body of PUT /api/v1/users/group: the UserGroup itself. */
export const updateGroupBodySchema = groupWireBodySchema;
export type UpdateGroupBody = z.infer<typeof updateGroupBodySchema>;

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
