import { randomBytes } from 'node:crypto';
import { EnrollmentKeyType, type EnrollmentKeyTypeValue } from '@meshdeck/contracts';
import type { EnrollmentKeyRow } from './enrollment-keys.repository.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A fresh key value: 20 random bytes in base32 = exactly 32 characters of A-Z2-7 (api-contract §5.3). */
export function generateKeyValue(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let buffer = 0;
  let out = '';
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** Api-contract §5.3: uses first, then expiry, then unlimited; Undefined is refused by the caller. */
export function deriveKeyType(input: {
  uses_remaining: number;
  expiration: number;
  unlimited: boolean;
}): EnrollmentKeyTypeValue {
  if (input.uses_remaining > 0) return EnrollmentKeyType.Uses;
  if (input.expiration > 0) return EnrollmentKeyType.TimeExpiration;
  if (input.unlimited) return EnrollmentKeyType.Unlimited;
  return EnrollmentKeyType.Undefined;
}

export type KeyRefusal = 'expired' | 'used-up' | 'invalid';

/**
 * Why a key cannot register a host right now, or undefined when it can. Uses-based keys are checked again by
 * the atomic decrement inside the registration transaction; this gives the clear message up front.
 */
export function keyRefusal(row: EnrollmentKeyRow, now: Date): KeyRefusal | undefined {
  if (row.uses_remaining > 0) return undefined;
  if (row.expires_at !== null && new Date(row.expires_at).getTime() > now.getTime()) return undefined;
  if (row.type === EnrollmentKeyType.Undefined) return 'invalid';
  if (row.unlimited === 1) return undefined;
  if (row.type === EnrollmentKeyType.Uses) return 'used-up';
  if (row.type === EnrollmentKeyType.TimeExpiration) return 'expired';
  return 'invalid';
}

export const refusalMessage: Record<KeyRefusal, string> = {
  expired: 'invalid enrollment key: enrollment key has expired',
  'used-up': 'invalid enrollment key: enrollment key has no uses left',
  invalid: 'invalid enrollment key',
};
