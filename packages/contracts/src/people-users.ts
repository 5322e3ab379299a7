import { z } from 'zod';
import { fromWireSet, toWireSet, wireSetSchema } from './envelope.ts';
import { passwordSchema, usernameSchema } from './users.ts';

/**
 * The console's reading of a ReturnUser (api-contract §3.11). Lenient on purpose: older and newer servers
 * leave out different optional fields, and a missing display name must not blank the whole users page.
 */
export const peopleUserWireSchema = z.looseObject({
  username: z.string(),
  auth_type: z.string().default('basic_auth'),
  platform_role_id: z.string().default(''),
  user_group_ids: wireSetSchema.nullable().default(null),
  network_roles: z.record(z.string(), wireSetSchema).nullable().default(null),
  display_name: z.string().default(''),
  account_disabled: z.boolean().default(false),
  last_login_time: z.string().default(''),
  issuperadmin: z.boolean().default(false),
});
export type PeopleUserWire = z.infer<typeof peopleUserWireSchema>;

/** A user as the console's tables and dialogs use it. */
export interface PeopleUser {
  username: string;
  displayName: string;
  platformRoleId: string;
  isOAuth: boolean;
  groupIds: string[];
  /** Network id (or `all_networks`) to role ids. */
  networkRoles: Record<string, string[]>;
  isDisabled: boolean;
  lastLogin: string;
}

/** Maps the wire user to the console's user. */
export const toPeopleUser = (wire: PeopleUserWire): PeopleUser => ({
  username: wire.username,
  displayName: wire.display_name,
  // Older servers mark the super admin only with the deprecated flag.
  platformRoleId: wire.platform_role_id || (wire.issuperadmin ? 'super-admin' : ''),
  isOAuth: wire.auth_type === 'oauth',
  groupIds: fromWireSet(wire.user_group_ids),
  networkRoles: Object.fromEntries(
    Object.entries(wire.network_roles ?? {}).map(([network, roles]) => [network, fromWireSet(roles)]),
  ),
  isDisabled: wire.account_disabled,
  lastLogin: wire.last_login_time,
});

/** What the create and edit user dialogs produce; `password` is empty when unchanged on edit. */
export interface PeopleUserInput {
  username: string;
  password: string;
  platformRoleId: string;
  groupIds: string[];
  networkRoles: Record<string, string[]>;
}

/** Body of POST and PUT /api/users/{username}: the User of api-contract §3.11, password only when set. */
export const peopleUserBodySchema = z.looseObject({
  username: usernameSchema,
  password: passwordSchema.optional(),
  platform_role_id: z.string().min(1, 'platform_role_id is required').max(64),
  user_group_ids: wireSetSchema,
  network_roles: z.record(z.string(), wireSetSchema),
});
export type PeopleUserBody = z.infer<typeof peopleUserBodySchema>;

/** Maps the dialog's input to the wire body; empty role lists are dropped so the server stores no empty rows. */
export function toPeopleUserBody(input: PeopleUserInput): PeopleUserBody {
  const networkRoles = Object.entries(input.networkRoles).filter(([, roles]) => roles.length > 0);
  return {
    username: input.username,
    ...(input.password === '' ? {} : { password: input.password }),
    platform_role_id: input.platformRoleId,
    user_group_ids: toWireSet(input.groupIds),
    network_roles: Object.fromEntries(networkRoles.map(([network, roles]) => [network, toWireSet(roles)])),
  };
}

/** Body of POST /api/v1/users/invite-signup?email=&invite_code= (api-contract §2.13). */
export const inviteSignupBodySchema = z.object({ username: z.string().min(1), password: passwordSchema });
export type InviteSignupBody = z.infer<typeof inviteSignupBodySchema>;
