import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractValidator, issueField, requestIssueField, requestSchema } from './contract-form.ts';

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

describe('requestSchema', () => {
  const request = requestSchema({
    params: z.object({ nodeid: z.uuid('nodeid must be a UUID') }),
    body: z.object({ ids: z.array(z.uuid('ids must hold UUIDs')) }),
  });

  it('when the path and the body both break their schemas, then each issue carries its part in its path', () => {
    const result = request.safeParse({ params: { nodeid: '' }, body: { ids: ['x'] } });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues;
    expect(issues.map((issue) => [requestIssueField(issue), issue.path, issue.message])).toEqual([
      ['params.nodeid', ['params', 'nodeid'], 'nodeid must be a UUID'],
      ['body.ids', ['body', 'ids', 0], 'ids must hold UUIDs'],
    ]);
  });

  it('when both parts hold, then it passes', () => {
    const id = '00000002-0000-4000-8000-000000000001';
    expect(request.safeParse({ params: { nodeid: id }, body: { ids: [id] } })).toEqual({ success: true });
  });
});
