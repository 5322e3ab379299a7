import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

const policy = { baseMs: 500, capMs: 30_000 };

describe('backoffDelay', () => {
  it('-> doubles per attempt within [ceiling/2, ceiling]', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, policy, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, policy, () => 0))).toEqual([250, 500, 1000, 2000]);
  });

  it('-> never exceeds the cap, even after thousands of attempts', () => {
    expect(backoffDelay(7, policy, () => 1)).toBe(30_000);
    expect(backoffDelay(5000, policy, () => 1)).toBe(30_000);
    expect(backoffDelay(5000, policy, () => 0)).toBe(15_000);
  });

  it('-> with an early cap, the first retries stay within it and later ones grow to the full cap', () => {
    const restartFriendly = { ...policy, early: { attempts: 20, capMs: 4_000 } };
    expect([0, 1, 2, 3, 4, 19].map((a) => backoffDelay(a, restartFriendly, () => 1))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
    expect(backoffDelay(20, restartFriendly, () => 1)).toBe(30_000);
  });
});
