import { z } from 'zod';
import { fromWireSet, toWireSet, wireSetSchema } from './envelope.ts';
import { passwordSchema } from './users.ts';

export const INVITE_CODE_LENGTH = 8;
/**
 * An invited email, checked the same way by the server and by the console's invite dialog (any TLD length,
 * plus-addressing); stored lower-cased.
 */
export const inviteEmailSchema = z
  .email({ error: 'must be an email address' })
  .max(254, 'email must be at most 254 characters')
  .transform((value) => value.toLowerCase());
const email = inviteEmailSchema;

/** UserInvite (api-contract §3.11). */
export const userInviteSchema = z.object({
  email: z.string(),
  platform_role_id: z.string(),
  user_group_ids: wireSetSchema,
  network_roles: z.record(z.string(), wireSetSchema),
  invite_code: z.string(),
  invite_url: z.string(),
});
export type UserInvite = z.infer<typeof userInviteSchema>;

/** Body of POST /api/v1/users/invite (InviteUsersReq). */
export const inviteUsersInputSchema = z.looseObject({
  user_emails: z
    .array(email, { error: 'user_emails must be a list of email addresses' })
    .min(1, 'user_emails must name at least one email')
    .max(100, 'at most 100 invites at once'),
  platform_role_id: z.string().max(64).default(''),
  user_group_ids: wireSetSchema.nullable().default({}),
  network_roles: z.record(z.string(), wireSetSchema).nullable().default({}),
});
export type InviteUsersInput = z.output<typeof inviteUsersInputSchema>;

/** Query of GET /api/v1/users/invite and POST /api/v1/users/invite-signup. */
export const inviteCodeQuerySchema = z.object({
  email,
  invite_code: z.string({ error: 'invite_code is required' }).min(1, 'invite_code is required').max(64),
});

/** Body of POST /api/v1/users/invite-signup: the username must be the invited email. */
export const inviteSignupInputSchema = z.looseObject({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(256),
  password: passwordSchema,
});

export const deleteInviteQuerySchema = z.object({ invitee_email: email });

// The console's reading of invites and the mapping from its dialog.

/** Body of POST /api/v1/users/invite as the console sends it (the server parses it with inviteUsersInputSchema). */
export type InviteUsersBody = z.input<typeof inviteUsersInputSchema>;

/** A UserInvite as GET /api/v1/users/invites lists it. */
export const peopleInviteWireSchema = z.looseObject({
  email: z.string(),
  platform_role_id: z.string().default(''),
  user_group_ids: wireSetSchema.nullable().default(null),
  network_roles: z.record(z.string(), wireSetSchema).nullable().default(null),
  invite_code: z.string().default(''),
  invite_url: z.string().default(''),
});
export type PeopleInviteWire = z.infer<typeof peopleInviteWireSchema>;

export interface PeopleInvite {
  email: string;
  platformRoleId: string;
  groupIds: string[];
  code: string;
  url: string;
}

export const toPeopleInvite = (wire: PeopleInviteWire): PeopleInvite => ({
  email: wire.email,
  platformRoleId: wire.platform_role_id,
  groupIds: fromWireSet(wire.user_group_ids),
  code: wire.invite_code,
  url: wire.invite_url,
});

/** What the invite dialog produces. */
export interface InviteInput {
  emails: string[];
  platformRoleId: string;
  groupIds: string[];
  networkRoles: Record<string, string[]>;
}

/** Splits the dialog's free text (commas, semicolons, spaces or new lines) into distinct emails. */
export const splitInviteEmails = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((email) => email.trim())
      .filter((email) => email !== ''),
  ),
];

export const toInviteUsersBody = (input: InviteInput): InviteUsersBody => ({
  user_emails: input.emails,
  platform_role_id: input.platformRoleId,
  user_group_ids: toWireSet(input.groupIds),
  network_roles: Object.fromEntries(
    Object.entries(input.networkRoles)
      .filter(([, roles]) => roles.length > 0)
      .map(([network, roles]) => [network, toWireSet(roles)]),
  ),
});
