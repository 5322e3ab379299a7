import { describe, expect, it } from 'vitest';
import { redactText, redactValue, withoutCredentials } from './redact.ts';

describe('redactText', () => {
  it.each([
    ['mqtt://user:pass@broker:1883', 'mqtt://[REDACTED]@broker:1883'],
    ['failed postgres://meshdeck:s3cr3t@db:5432/mesh now', 'failed postgres://[REDACTED]@db:5432/mesh now'],
    ['Authorization: Bearer eyJabc.def.ghi', 'Authorization: Bearer [REDACTED]'],
    [
      'POST /api/v1/host/register/eyJzZXJ2ZXIiOiJ4In0= HTTP/1.1',
      'POST /api/v1/host/register/[REDACTED] HTTP/1.1',
    ],
    ['/api/x?token=abc&page=2&api_key=k1', '/api/x?token=[REDACTED]&page=2&api_key=[REDACTED]'],
    ['/api/v1/enrollment-keys/4f2a', '/api/v1/enrollment-keys/4f2a'],
    ['mqtt://broker:1883', 'mqtt://broker:1883'],
  ])('-> when given %j, returns %j', (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });
});

describe('redactText: invite links', () => {
  it('-> when an invitee opens an invite link, the request line keeps the email and hides the invite code', () => {
    expect(redactText('GET /api/v1/users/invite?email=a%40b.example&invite_code=Zx81kq')).toBe(
      'GET /api/v1/users/invite?email=a%40b.example&invite_code=[REDACTED]',
    );
  });
});

describe('redactValue', () => {
  it('-> when an object has secret-named fields at any depth, replaces them and redacts strings elsewhere', () => {
    const value = { user: 'a', password: 'p', nested: { HostPass: 'h', list: ['mqtt://u:p@b'] }, empty: '' };
    expect(redactValue(value)).toEqual({
      user: 'a',
      password: '[REDACTED]',
      nested: { HostPass: '[REDACTED]', list: ['mqtt://[REDACTED]@b'] },
      empty: '',
    });
  });

  it('-> when the object is cyclic, stops at the depth bound instead of overflowing', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => redactValue(cyclic)).not.toThrow();
  });
});

describe('withoutCredentials', () => {
  it('-> when the URL has user:password, drops them and keeps the rest', () => {
    expect(withoutCredentials('mqtts://svc:pw@mq.example:8883')).toBe('mqtts://mq.example:8883');
    expect(withoutCredentials('mqtt://127.0.0.1:1883')).toBe('mqtt://127.0.0.1:1883');
  });
});
