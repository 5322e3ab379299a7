import { z } from 'zod';
import { boundedString } from './limits.ts';

/** UserAccessToken (api-contract §3.11); the token value itself is shown only once, when created. */
export const userAccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  user_name: z.string(),
  expires_at: z.string(),
  last_used: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type UserAccessToken = z.infer<typeof userAccessTokenSchema>;

/**
 * The longest an API access token may live: a year. A token is a bearer credential with its owner's rights; one
 * that never expires outlives the reason it was made (issue 29). Documented in the README.
 */
export const ACCESS_TOKEN_MAX_DAYS = 365;

/** Body of POST /api/v1/users/access_token. */
export const createAccessTokenInputSchema = z.looseObject({
  name: boundedString('name', 128).trim().min(1, 'name is required'),
  user_name: z.string({ error: 'user_name is required' }).trim().min(1, 'user_name is required').max(256),
  expires_at: z.iso.datetime({ offset: true, error: 'expires_at must be an RFC 3339 time' }),
});
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenInputSchema>;

export const accessTokenListQuerySchema = z.object({
  username: z.string({ error: 'username is required' }).min(1, 'username is required').max(256),
});
export const accessTokenIdQuerySchema = z.object({ id: z.uuid({ error: 'id must be a token id (UUID)' }) });
