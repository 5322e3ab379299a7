import { z } from 'zod';
import { ZERO_TIME, ZERO_UUID } from './envelope.ts';
import { LIMITS, boundedArray, boundedString } from './limits.ts';
import { NETID_MAX_LENGTH } from './networks.ts';

/** Enrollment key types (api-contract §3.6 / §5.3). */
export const EnrollmentKeyType = { Undefined: 0, TimeExpiration: 1, Uses: 2, Unlimited: 3 } as const;
export type EnrollmentKeyTypeValue = (typeof EnrollmentKeyType)[keyof typeof EnrollmentKeyType];

export const ENROLLMENT_KEY_NAME_MIN = 3;
export const ENROLLMENT_KEY_NAME_MAX = 32;
/** Key values: 32 characters of the base32 alphabet. */
export const ENROLLMENT_KEY_VALUE_PATTERN = /^[A-Z2-7]{32}$/;
/** Latest expiry a key may have (9999-12-31T23:59:59Z): later dates have no RFC 3339 form. */
export const ENROLLMENT_KEY_MAX_EXPIRATION = 253_402_300_799;
/** Uses fit the database's 32-bit integer column. */
export const ENROLLMENT_KEY_MAX_USES = 2_147_483_647;

const keyNameSchema = z
  .string({ error: 'tags must hold key names (strings)' })
  .max(
    256,
    `validation error: name length must be between ${ENROLLMENT_KEY_NAME_MIN} and ${ENROLLMENT_KEY_NAME_MAX}`,
  )
  .trim()
  .refine((name) => name.length >= ENROLLMENT_KEY_NAME_MIN && name.length <= ENROLLMENT_KEY_NAME_MAX, {
    error: `validation error: name length must be between ${ENROLLMENT_KEY_NAME_MIN} and ${ENROLLMENT_KEY_NAME_MAX}`,
  });

/**
 * Body of POST / PUT /api/v1/enrollment-keys (`APIEnrollmentKey`, api-contract §2.6). `expiration` is unix
 * seconds (0 = none); `type` is ignored because the server derives it.
 */
export const enrollmentKeyInputSchema = z.looseObject({
  tags: z
    .array(keyNameSchema, { error: 'tags (the key name) is required' })
    .min(1, 'tags (the key name) is required')
    .max(32, 'tags must hold at most 32 names'),
  networks: boundedArray(
    'networks',
    boundedString('networks item', NETID_MAX_LENGTH).min(1, 'networks must not hold an empty name'),
  )
    .nullish()
    .transform((v) => v ?? []),
  expiration: z
    .number()
    .int()
    .min(0, 'expiration must be unix seconds')
    .max(ENROLLMENT_KEY_MAX_EXPIRATION, 'expiration must be unix seconds before the year 10000')
    .nullish()
    .transform((v) => v ?? 0),
  uses_remaining: z
    .number()
    .int()
    .min(0, 'uses_remaining must not be negative')
    .max(ENROLLMENT_KEY_MAX_USES, `uses_remaining must be at most ${ENROLLMENT_KEY_MAX_USES}`)
    .nullish()
    .transform((v) => v ?? 0),
  unlimited: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  type: z.number().int().min(0, 'type must be 0-3').max(3, 'type must be 0-3').nullish(),
  // A node id (a UUID, 36 characters), or empty for none.
  relay: boundedString('relay', 36)
    .nullish()
    .transform((v) => v ?? ''),
  groups: boundedArray('groups', boundedString('groups item', LIMITS.setKey))
    .nullish()
    .transform((v) => v ?? []),
  auto_egress: z.boolean().optional(),
  auto_assign_gw: z.boolean().optional(),
});
export type EnrollmentKeyInput = z.infer<typeof enrollmentKeyInputSchema>;

/** EnrollmentKey as responses carry it (api-contract §3.6). */
export const enrollmentKeySchema = z.object({
  value: z.string(),
  token: z.string(),
  tags: z.array(z.string()),
  networks: z.array(z.string()),
  expiration: z.string(),
  uses_remaining: z.number().int(),
  unlimited: z.boolean(),
  type: z.number().int(),
  relay: z.string(),
  groups: z.array(z.string()),
  default: z.boolean(),
  auto_egress: z.boolean(),
  auto_assign_gw: z.boolean(),
});
export type EnrollmentKey = z.infer<typeof enrollmentKeySchema>;

export const enrollmentKeyParamsSchema = z.object({
  keyID: z.string().min(1).max(LIMITS.id, `keyID must be at most ${LIMITS.id} characters`),
});

/** What `netclient join -t` takes: base64 of `{"server": <API host>, "value": <key>}`. */
export const enrollmentTokenSchema = z.object({ server: z.string(), value: z.string() });
export type EnrollmentToken = z.infer<typeof enrollmentTokenSchema>;

export const encodeEnrollmentToken = (token: EnrollmentToken): string => btoa(JSON.stringify(token));

/** Decodes a join token; undefined when it is not base64 JSON of the expected shape. */
export function decodeEnrollmentToken(text: string): EnrollmentToken | undefined {
  try {
    const parsed = enrollmentTokenSchema.safeParse(JSON.parse(atob(text)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The console's clean view of an enrollment key. */
export interface EnrollmentKeyItem {
  value: string;
  name: string;
  token: string;
  networks: string[];
  kind: 'unlimited' | 'uses' | 'time' | 'undefined';
  usesRemaining: number;
  /** Undefined when the key does not expire. */
  expiresAt: Date | undefined;
  relayNodeId: string | undefined;
  groups: string[];
  isDefault: boolean;
  /** The validity rule of api-contract §5.3, evaluated at `now`. */
  isValid: boolean;
}

const kinds = ['undefined', 'time', 'uses', 'unlimited'] as const;

/** Api-contract §5.3 validity: uses left, else a future expiry, else unlimited. */
export function isEnrollmentKeyValid(
  key: Pick<EnrollmentKey, 'uses_remaining' | 'expiration' | 'type' | 'unlimited'>,
  now = new Date(),
): boolean {
  if (key.uses_remaining > 0) return true;
  if (key.expiration !== ZERO_TIME && new Date(key.expiration).getTime() > now.getTime()) return true;
  if (key.type === EnrollmentKeyType.Undefined) return false;
  return key.unlimited;
}

/** Maps the wire enrollment key to the console's clean form. */
export const toEnrollmentKeyItem = (key: EnrollmentKey, now = new Date()): EnrollmentKeyItem => ({
  value: key.value,
  name: key.tags[0] ?? key.value,
  token: key.token,
  networks: key.networks,
  kind: kinds[key.type] ?? 'undefined',
  usesRemaining: key.uses_remaining,
  expiresAt: key.expiration === ZERO_TIME ? undefined : new Date(key.expiration),
  relayNodeId: key.relay === '' || key.relay === ZERO_UUID ? undefined : key.relay,
  groups: key.groups,
  isDefault: key.default,
  isValid: isEnrollmentKeyValid(key, now),
});
