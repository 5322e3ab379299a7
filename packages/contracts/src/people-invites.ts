import { z } from 'zod';
import { fromWireSet, toWireSet, wireSetSchema } from './envelope.ts';

/** Invite emails are checked loosely (any TLD length, plus-addressing), unlike the reference dashboard. */
export const inviteEmailSchema = z
  .string()
  .trim()
  .max(254, 'email must be at most 254 characters')
  .regex(/^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]{2,}$/, 'not a valid email address');

/** Body of POST /api/v1/users/invite: InviteUsersReq (api-contract §2.13). */
export const inviteUsersBodySchema = z.object({
  user_emails: z.array(inviteEmailSchema).min(1, 'at least one email is required').max(100),
  platform_role_id: z.string().min(1).max(64),
  user_group_ids: wireSetSchema,
  network_roles: z.record(z.string(), wireSetSchema),
});
export type InviteUsersBody = z.infer<typeof inviteUsersBodySchema>;

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
