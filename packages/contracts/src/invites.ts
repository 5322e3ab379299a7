import { z } from 'zod';
import { wireSetSchema } from './envelope.ts';
import { passwordSchema } from './users.ts';

export const INVITE_CODE_LENGTH = 8;
const email = z.email({ error: 'must be an email address' }).max(256).transform((value) => value.toLowerCase());

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
  user_emails: z.array(email, { error: 'user_emails must be a list of email addresses' }).min(1, 'user_emails must name at least one email').max(100, 'at most 100 invites at once'),
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
