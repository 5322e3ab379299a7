import { z } from 'zod';
import { boundedString } from './limits.ts';
import { fromWireSet, toWireSet, wireSetSchema, type WireSet } from './envelope.ts';
import { networkPermissionsSchema, type NetworkPermissions } from './network-roles.ts';
import { userRoleSchema } from './roles.ts';

/** Platform roles of api-contract §8.1 (the v0.30 set plus the v1.x auditor). */
export const platformRoleIds = ['super-admin', 'admin', 'platform-user', 'service-user', 'auditor'] as const;
export const platformRoleIdSchema = z.enum(platformRoleIds);
export type PlatformRoleId = z.infer<typeof platformRoleIdSchema>;

/** Super-admin and admin both count as platform admins (spec §6). */
export const isPlatformAdminRole = (role: string | undefined): boolean =>
  role === 'super-admin' || role === 'admin';

/** Usernames longer than 3 characters, an email or a-z 0-9 - . ; never the reserved master user (api-contract §5.7). */
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 40;
/**
 * New passwords (first admin, new users) need 8 characters, stricter than the contract's 5 (§5.7); login accepts
 * any non-empty password so accounts created under the old rule still sign in.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const RESERVED_USERNAME = 'masteradministrator';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const usernameCharset = /^[a-zA-Z0-9.-]+$/;

export const usernameSchema = z
  .string({ error: 'username is required' })
  .trim()
  .min(USERNAME_MIN_LENGTH, `username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .refine((name) => emailPattern.test(name) || usernameCharset.test(name), {
    error: 'username may contain only letters, digits, hyphen (-) and dot (.), or be an email address',
  })
  .refine((name) => name.toLowerCase() !== RESERVED_USERNAME, { error: 'username is reserved' });

export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'password must be at most 256 characters');

/** Body of POST /api/users/adm/createsuperadmin; extra User fields are accepted and ignored. */
export const createSuperAdminInputSchema = z.looseObject({
  username: usernameSchema,
  password: passwordSchema,
});
export type CreateSuperAdminInput = z.infer<typeof createSuperAdminInputSchema>;

/**
 * Body of POST /api/users/{username} (api-contract §2.12): an admin creates a user. The username may be left
 * out (the path names it); the role is checked by the server against the edition and the caller.
 */
export const createUserInputSchema = z.looseObject({
  username: usernameSchema.optional(),
  password: passwordSchema,
  platform_role_id: z
    .string({ error: 'platform_role_id must be a string' })
    .max(64, 'platform_role_id must be at most 64 characters')
    .optional(),
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** Body of POST /api/users/adm/authenticate. */
export const authenticateInputSchema = z.looseObject({
  username: z
    .string({ error: 'username is required' })
    .min(1, 'username is required')
    .max(256, 'username must be at most 256 characters'),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(256, 'password must be at most 256 characters'),
});
export type AuthenticateInput = z.infer<typeof authenticateInputSchema>;

/** Raw login response: `{Code, Message, Response: {UserName, AuthToken}}` (api-contract §2.12). */
export const authenticateResponseSchema = z.object({
  Code: z.number().int(),
  Message: z.string(),
  Response: z.object({ UserName: z.string(), AuthToken: z.string() }),
});
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;

/** ReturnUser: the user as responses carry it, never with a password (api-contract §3.11). */
export const returnUserSchema = z.object({
  username: z.string(),
  isadmin: z.boolean(),
  issuperadmin: z.boolean(),
  auth_type: z.enum(['basic_auth', 'oauth']),
  remote_gw_ids: z.record(z.string(), z.unknown()).nullable(),
  user_group_ids: wireSetSchema.nullable(),
  platform_role_id: z.string(),
  network_roles: z.record(z.string(), wireSetSchema).nullable(),
  last_login_time: z.string(),
  display_name: z.string(),
  account_disabled: z.boolean(),
  is_mfa_enabled: z.boolean(),
  num_access_tokens: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReturnUser = z.infer<typeof returnUserSchema>;

/**
 * GET /api/v1/users?username= returns the user with its platform role object. Meshdeck adds `managed_networks`
 * when a user reads itself: the networks whose contents its resolved roles (built-in or custom, direct or through
 * groups) let it change, `all_networks` for every one, so the console offers write controls per real grants.
 */
export const userWithRoleSchema = returnUserSchema.extend({
  platform_role: userRoleSchema,
  managed_networks: z.array(z.string().max(256)).max(10_000).optional(),
  network_permissions: networkPermissionsSchema.optional(),
});
export type UserWithRole = z.infer<typeof userWithRoleSchema>;

export const getUserQuerySchema = z.object({ username: usernameSchema });

/** The console's clean view of the signed-in user. */
export interface SessionUser {
  username: string;
  platformRoleId: string;
  isAdmin: boolean;
  canUseDashboard: boolean;
  /** Networks the user administers (`all_networks` for every one); missing in sessions stored by older consoles. */
  adminNetworkIds?: readonly string[];
  /** Per network key, per resource type, the scopes the user's network roles grant (see networkPermissionsSchema). */
  networkPermissions?: NetworkPermissions;
}

const ALL_NETWORKS_KEY = 'all_networks';

/**
 * The networks a user administers through the built-in network-admin roles and groups (api-contract §8.2), or
 * `all_networks`, read from the built-in names: the fallback for servers that do not send `managed_networks`.
 */
export function administeredNetworkIds(user: Pick<ReturnUser, 'network_roles' | 'user_group_ids'>): string[] {
  const ids = new Set<string>();
  for (const [networkId, roles] of Object.entries(user.network_roles ?? {})) {
    const roleIds = Object.keys(roles);
    if (roleIds.includes('global-network-admin') || roleIds.includes(`${networkId}-network-admin`))
      ids.add(networkId);
  }
  for (const groupId of Object.keys(user.user_group_ids ?? {})) {
    if (groupId === 'global-network-admin-grp') ids.add(ALL_NETWORKS_KEY);
    const match = /^(.+)-network-admin-grp$/.exec(groupId);
    if (match?.[1] && match[1] !== 'global') ids.add(match[1]);
  }
  return [...ids].sort();
}

/**
 * Maps the wire user-with-role to the console's session user. The server's `managed_networks` (custom roles
 * included) wins; an older server without it leaves the built-in role and group names to go by.
 */
export const toSessionUser = (user: UserWithRole): SessionUser => ({
  username: user.username,
  platformRoleId: user.platform_role_id,
  isAdmin: user.isadmin,
  canUseDashboard: !user.platform_role.deny_dashboard_access,
  adminNetworkIds: user.managed_networks ? [...user.managed_networks].sort() : administeredNetworkIds(user),
  networkPermissions: user.network_permissions ?? {},
});

/**
 * Body of PUT /api/users/{username}: the dashboard sends the whole user, with `password` only when it changed
 * (api-contract §2.12). Fields left out keep their value.
 */
export const updateUserInputSchema = z.looseObject({
  username: usernameSchema.optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  // Meshdeck: a user changing their own password proves they know the current one (issue 29); admins changing
  // someone else's do not send it.
  current_password: boundedString('current_password', 256).optional(),
  platform_role_id: z.string({ error: 'platform_role_id must be a string' }).max(64).optional(),
  user_group_ids: wireSetSchema.nullable().optional(),
  network_roles: z.record(z.string(), wireSetSchema).nullable().optional(),
  display_name: boundedString('display_name', 128).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(256) });

/** Body of POST /api/users/{username} with the groups and network roles the v0.30 dashboard also sends. */
export const createUserWithGroupsInputSchema = createUserInputSchema.extend({
  user_group_ids: wireSetSchema.nullable().optional(),
  network_roles: z.record(z.string(), wireSetSchema).nullable().optional(),
});
export type CreateUserWithGroupsInput = z.infer<typeof createUserWithGroupsInputSchema>;

/**
 * Optional body of POST /api/users_pending/user/{username} (a Meshdeck addition, issue 30): the platform role and
 * groups the approved user gets. The contract's call has no body and approves as `service-user`, which a missing
 * body or field still does.
 */
export const approvePendingUserInputSchema = z
  .looseObject({
    platform_role_id: z.string({ error: 'platform_role_id must be a string' }).max(64).optional(),
    user_group_ids: wireSetSchema.nullable().optional(),
  })
  .nullable()
  .optional();
export type ApprovePendingUserInput = z.infer<typeof approvePendingUserInputSchema>;

// The console's reading of users and the mapping from its dialogs.

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

/** Body of POST and PUT /api/users/{username} as the console sends it; the server parses it with the schemas above. */
export type PeopleUserBody = UpdateUserInput & {
  username: string;
  password?: string;
  platform_role_id: string;
  user_group_ids: WireSet;
  network_roles: Record<string, WireSet>;
};

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
