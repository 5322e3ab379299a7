import { describe, expect, it } from 'vitest';
import { emptyKeyForm, toEnrollmentKeyInput, validateKeyForm } from './key-form-rules.ts';

const now = new Date('2026-06-01T12:00:00Z');

describe('key form rules', () => {
  it('validateKeyForm -> when the name is shorter than 3 or longer than 32 characters, flags the name', () => {
    expect(validateKeyForm({ ...emptyKeyForm(), name: 'ab' }, now).name).toBe('form.nameLength');
    expect(validateKeyForm({ ...emptyKeyForm(), name: 'x'.repeat(33) }, now).name).toBe('form.nameLength');
    expect(validateKeyForm({ ...emptyKeyForm(), name: '  abc  ' }, now)).toEqual({});
  });

  it('validateKeyForm -> when the key is limited, needs a whole number of uses of at least 1', () => {
    const limited = { ...emptyKeyForm(), name: 'limited', kind: 'uses' as const };
    expect(validateKeyForm({ ...limited, uses: 0 }, now).uses).toBe('form.usesMin');
    expect(validateKeyForm({ ...limited, uses: '' }, now).uses).toBe('form.usesMin');
    expect(validateKeyForm({ ...limited, uses: 2.5 }, now).uses).toBe('form.usesMin');
    expect(validateKeyForm({ ...limited, uses: 3 }, now)).toEqual({});
  });

  it('validateKeyForm -> when the key is time-bound, needs an expiry in the future', () => {
    const timed = { ...emptyKeyForm(), name: 'timed', kind: 'time' as const };
    expect(validateKeyForm({ ...timed, expiresAt: '' }, now).expiresAt).toBe('form.expiryRequired');
    expect(validateKeyForm({ ...timed, expiresAt: '2026-05-01T10:00' }, now).expiresAt).toBe(
      'form.expiryPast',
    );
    expect(validateKeyForm({ ...timed, expiresAt: '2026-07-01T10:00' }, now)).toEqual({});
  });

  it('validateKeyForm -> ignores the fields of the types not chosen', () => {
    expect(
      validateKeyForm({ ...emptyKeyForm(), name: 'unlimited', uses: 0, expiresAt: 'nonsense' }, now),
    ).toEqual({});
  });

  it("toEnrollmentKeyInput -> sends only the chosen type's field, so the server derives that type", () => {
    const base = {
      ...emptyKeyForm(),
      name: ' my-key ',
      networks: ['net1'],
      uses: 7,
      expiresAt: '2026-07-01T10:00',
    };
    expect(toEnrollmentKeyInput({ ...base, kind: 'unlimited' })).toMatchObject({
      tags: ['my-key'],
      networks: ['net1'],
      unlimited: true,
      uses_remaining: 0,
      expiration: 0,
    });
    expect(toEnrollmentKeyInput({ ...base, kind: 'uses' })).toMatchObject({
      unlimited: false,
      uses_remaining: 7,
      expiration: 0,
    });
    const timed = toEnrollmentKeyInput({ ...base, kind: 'time' });
    expect(timed).toMatchObject({ unlimited: false, uses_remaining: 0 });
    expect(timed.expiration).toBe(Math.floor(new Date('2026-07-01T10:00').getTime() / 1000));
  });
});
