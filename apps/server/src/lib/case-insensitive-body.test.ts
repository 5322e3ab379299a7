import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from './request-guards.ts';
import { lowerCaseKeys } from './case-insensitive-body.ts';

describe('lowerCaseKeys', () => {
  it('-> lower-cases keys through nested objects and arrays, leaving values alone', () => {
    expect(
      lowerCaseKeys({
        NetID: 'Office',
        defaultDns: '1.1.1.1',
        ProSettings: { AllowedUsers: ['Ann'] },
        list: [{ A: 1 }],
      }),
    ).toEqual({
      netid: 'Office',
      defaultdns: '1.1.1.1',
      prosettings: { allowedusers: ['Ann'] },
      list: [{ a: 1 }],
    });
  });

  it('-> when two keys differ only in case, the lower-case one wins wherever it appears', () => {
    expect(lowerCaseKeys({ NETID: 'upper', netid: 'exact' })).toEqual({ netid: 'exact' });
    expect(lowerCaseKeys({ netid: 'exact', NetId: 'mixed' })).toEqual({ netid: 'exact' });
  });

  it('-> passes through non-objects and never touches the prototype', () => {
    expect(lowerCaseKeys('text')).toBe('text');
    expect(lowerCaseKeys(null)).toBeNull();
    const result = lowerCaseKeys(JSON.parse('{"__PROTO__": {"polluted": true}, "Constructor": 1}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result.constructor).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('lowerCaseKeys on hostile nesting', () => {
  it('-> when a body is nested 100,000 deep, throws a 400 ApiError instead of overflowing the stack', () => {
    const deep = JSON.parse(`${'{"A":'.repeat(100_000)}1${'}'.repeat(100_000)}`) as unknown;
    expect(() => lowerCaseKeys(deep)).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringContaining('nested too deeply') }),
    );
  });

  it('-> at the depth limit, still lower-cases every level', () => {
    const atLimit = JSON.parse(`${'{"A":'.repeat(MAX_BODY_DEPTH)}1${'}'.repeat(MAX_BODY_DEPTH)}`) as unknown;
    expect(JSON.stringify(lowerCaseKeys(atLimit))).toBe(
      `${'{"a":'.repeat(MAX_BODY_DEPTH)}1${'}'.repeat(MAX_BODY_DEPTH)}`,
    );
  });
});
