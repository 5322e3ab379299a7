import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractValidator, issueField } from './contract-form.ts';

const schema = z.object({
  netid: z.string().min(1, 'netid is required').max(8, 'netid is too long'),
  port: z.number().int().min(1, 'port must be between 1 and 9'),
});
interface Values {
  name: string;
  port: number;
}
const validate = contractValidator<Values>({
  schema,
  toWire: (values) => ({ netid: values.name.trim(), port: values.port }),
  toFieldError: (issue) =>
    issueField(issue) === 'netid' ? ['name', `name: ${issue.message}`] : ['port', issue.message],
  extra: (values) => ({ name: values.name === 'taken' ? 'already used' : null }),
});

describe('contractValidator', () => {
  it('when the mapped body breaks the contract, then each form field gets its issue (first one wins)', () => {
    expect(validate({ name: '   ', port: 0 })).toEqual({
      name: 'name: netid is required',
      port: 'port must be between 1 and 9',
    });
  });

  it('when the schema passes, then the extra rules still apply; when both fail, the schema message shows', () => {
    expect(validate({ name: 'taken', port: 3 })).toEqual({ name: 'already used' });
    expect(validate({ name: 'lab', port: 3 })).toEqual({});
    expect(validate({ name: 'much too long', port: 3 })).toEqual({ name: 'name: netid is too long' });
  });
});
