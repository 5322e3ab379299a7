import { z } from 'zod';
import { activitySubjectTypes } from './activity-types.ts';
import { LIMITS, boundedString } from './limits.ts';

/** The activity log (api-contract §2.17, §3.21): who changed what, when, from where, and how. */

export const activitySubjectTypeSchema = z.enum(activitySubjectTypes);
export type ActivitySubjectType = z.infer<typeof activitySubjectTypeSchema>;

const subjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject_type: z.string(),
  info: z.record(z.string(), z.unknown()).nullable(),
});

/** One `Event` (§3.21); `client_address` is Meshdeck's "from where" (the caller's address as the server saw it). */
export const activityEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  source: subjectSchema,
  origin: z.string(),
  target: subjectSchema,
  network_id: z.string(),
  triggered_by: z.string(),
  diff: z.object({ Old: z.unknown(), New: z.unknown() }),
  time_stamp: z.string(),
  client_address: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

const rfc3339 = (field: string) =>
  boundedString(field, 64).refine((value) => !Number.isNaN(Date.parse(value)), {
    error: `${field} must be an RFC 3339 time`,
  });
const positiveInt = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be between 1 and ${max}`)
    .max(max, `${field} must be between 1 and ${max}`);

/** Most entries one page holds (the contract's flows route caps per_page at 1000 too). */
export const ACTIVITY_MAX_PER_PAGE = 1000;

/**
 * `GET /api/v1/activity` (and the network and user variants): filters, then pages counted from 1, newest first.
 * `subject_type` is a Meshdeck filter beside the contract's.
 */
export const activityQuerySchema = z.object({
  network_id: boundedString('network_id', LIMITS.id).optional(),
  username: boundedString('username', LIMITS.id * 4).optional(),
  subject_type: activitySubjectTypeSchema.optional(),
  from_date: rfc3339('from_date').optional(),
  to_date: rfc3339('to_date').optional(),
  page: positiveInt('page', 1_000_000).default(1),
  per_page: positiveInt('per_page', ACTIVITY_MAX_PER_PAGE).default(100),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;
