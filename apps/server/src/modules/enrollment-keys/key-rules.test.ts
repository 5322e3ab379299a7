import { EnrollmentKeyType } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import type { EnrollmentKeyRow } from './enrollment-keys.repository.ts';
import { deriveKeyType, generateKeyValue, keyRefusal } from './key-rules.ts';

const now = new Date('2030-01-01T00:00:00Z');
const row = (overrides: Partial<EnrollmentKeyRow>): EnrollmentKeyRow => ({
  value: 'A'.repeat(32),
  name: 'key',
  tags: '["key"]',
  networks: '[]',
  expires_at: null,
  uses_remaining: 0,
  unlimited: 0,
  type: EnrollmentKeyType.Unlimited,
  relay: '',
  groups: '[]',
  is_default: 0,
  created_at: now.toISOString(),
  ...overrides,
});

describe('generateKeyValue', () => {
  it('when called, returns 32 base32 characters, different each time', () => {
    const a = generateKeyValue();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateKeyValue()).not.toBe(a);
  });
});

describe('deriveKeyType', () => {
  it.each([
    [{ uses_remaining: 3, expiration: 99, unlimited: true }, EnrollmentKeyType.Uses],
    [{ uses_remaining: 0, expiration: 99, unlimited: true }, EnrollmentKeyType.TimeExpiration],
    [{ uses_remaining: 0, expiration: 0, unlimited: true }, EnrollmentKeyType.Unlimited],
    [{ uses_remaining: 0, expiration: 0, unlimited: false }, EnrollmentKeyType.Undefined],
  ])('when the input is %j, returns type %i', (input, type) => {
    expect(deriveKeyType(input)).toBe(type);
  });
});

describe('keyRefusal', () => {
  it('when an unlimited key is checked, accepts it', () => {
    expect(keyRefusal(row({ unlimited: 1 }), now)).toBeUndefined();
  });
  it('when a uses key has uses left, accepts it, and when it has none, says used-up', () => {
    expect(keyRefusal(row({ type: EnrollmentKeyType.Uses, uses_remaining: 1 }), now)).toBeUndefined();
    expect(keyRefusal(row({ type: EnrollmentKeyType.Uses, uses_remaining: 0 }), now)).toBe('used-up');
  });
  it('when a time key is past its expiry, says expired, and before it, accepts it', () => {
    const timeKey = { type: EnrollmentKeyType.TimeExpiration };
    expect(keyRefusal(row({ ...timeKey, expires_at: '2029-12-31T23:59:59Z' }), now)).toBe('expired');
    expect(keyRefusal(row({ ...timeKey, expires_at: '2030-01-01T00:00:01Z' }), now)).toBeUndefined();
  });
  it('when the type is undefined, says invalid', () => {
    expect(keyRefusal(row({ type: EnrollmentKeyType.Undefined }), now)).toBe('invalid');
  });
});
