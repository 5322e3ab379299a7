import type { EnrollmentKeyItem } from '@meshdeck/contracts';

export type KeyStatus = 'valid' | 'expired' | 'usedUp' | 'invalid';

/**
 * Why a key can or cannot enrol hosts. Validity itself comes from the contracts (the server's own rule); an
 * invalid key is "used up" when it counted uses and "expired" when it had a date.
 */
export function keyStatus(key: Pick<EnrollmentKeyItem, 'isValid' | 'kind'>): KeyStatus {
  if (key.isValid) return 'valid';
  if (key.kind === 'uses') return 'usedUp';
  if (key.kind === 'time') return 'expired';
  return 'invalid';
}

export const KEY_STATUS_COLOR: Record<KeyStatus, string> = {
  valid: 'green',
  expired: 'orange',
  usedUp: 'gray',
  invalid: 'red',
};
