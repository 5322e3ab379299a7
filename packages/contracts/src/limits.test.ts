import { describe, expect, it } from 'vitest';
import { checkInHostSchema, hostOses, natTypes, registerHostInputSchema } from './agent-hosts.ts';
import { enrollmentKeyInputSchema } from './enrollment-keys.ts';
import { boundedString } from './limits.ts';
import { updateNodeInputSchema } from './nodes.ts';
import { macFromWire, macToWire, wgKeyToBase64 } from './wire.ts';

const host = {
  name: 'alpha',
  hostpass: 'a-long-host-password',
  version: 'v0.30.0',
  publickey: Buffer.alloc(32, 7).toString('base64'),
  traffickeypublic: Buffer.alloc(32, 9).toString('base64'),
};
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

describe('registration enums (api-contract §3.20)', () => {
  it.each(natTypes)('-> nat_type %j is accepted', (natType) => {
    expect(registerHostInputSchema.safeParse({ ...host, nat_type: natType }).success).toBe(true);
  });

  it.each(hostOses)('-> os %j is accepted', (os) => {
    expect(registerHostInputSchema.safeParse({ ...host, os }).success).toBe(true);
  });

  it('-> any other nat_type or os is refused with the allowed values in the message, on registration and check-in', () => {
    expect(firstIssue(registerHostInputSchema.safeParse({ ...host, nat_type: 'carrier-grade' }))).toContain(
      'nat_type must be one of public, symmetric',
    );
    expect(firstIssue(registerHostInputSchema.safeParse({ ...host, os: 'plan9' }))).toContain(
      'os must be one of linux, windows',
    );
    expect(checkInHostSchema.safeParse({ nat_type: 'x' }).success).toBe(false);
  });
});

describe('MAC addresses', () => {
  it('-> base64 of 6 or 8 bytes and aa:bb text round-trip; anything else is no address', () => {
    const six = Buffer.from([1, 2, 3, 4, 5, 6]).toString('base64');
    expect(macFromWire(six)).toBe('01:02:03:04:05:06');
    expect(macToWire('01:02:03:04:05:06')).toBe(six);
    expect(macFromWire('AA-BB-CC-DD-EE-FF')).toBe('aa:bb:cc:dd:ee:ff');
    expect(macFromWire(Buffer.alloc(32).toString('base64'))).toBe('');
    expect(macFromWire('A'.repeat(1_000_000))).toBe('');
    expect(macToWire(`${'aa:'.repeat(300_000)}aa`)).toBeNull();
  });

  it('-> a 1 MB macaddress is refused by the schema, not decoded', () => {
    expect(
      firstIssue(registerHostInputSchema.safeParse({ ...host, macaddress: 'A'.repeat(1_000_000) })),
    ).toBe('macaddress must be at most 64 characters');
  });
});

describe('bounds that keep stored values readable', () => {
  it('-> an expiration past the year 9999 and uses beyond 32 bits are refused', () => {
    const key = { tags: ['name'] };
    expect(enrollmentKeyInputSchema.safeParse({ ...key, expiration: 253_402_300_800 }).success).toBe(false);
    expect(enrollmentKeyInputSchema.safeParse({ ...key, expiration: 253_402_300_799 }).success).toBe(true);
    expect(enrollmentKeyInputSchema.safeParse({ ...key, uses_remaining: 2 ** 31 }).success).toBe(false);
  });

  it('-> base64 of a long byte array does not overflow the stack', () => {
    expect(wgKeyToBase64(Array.from({ length: 600_000 }, () => 0))).toHaveLength(800_000);
  });
});

describe('boundedString: one line per request field (issue 29)', () => {
  const field = boundedString('device_name', 64);
  it.each(['a\nb', 'a\rb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u2028b'])(
    '-> %j is refused with a message naming the field',
    (value) => {
      const parsed = field.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'device_name must be one line without control characters',
      );
    },
  );
  it('-> tabs, spaces, `=`, brackets and non-Latin text pass', () => {
    for (const value of ['a\tb', 'x = y', '[Peer]', 'Zoë’s laptop', '東京'])
      expect(field.parse(value)).toBe(value);
  });
  it('-> the gateway DNS of PUT /api/nodes is an address list, so a command is refused there too', () => {
    expect(updateNodeInputSchema.safeParse({ ingressdns: '1.1.1.1, 8.8.8.8' }).data?.ingressdns).toBe(
      '1.1.1.1,8.8.8.8',
    );
    expect(updateNodeInputSchema.safeParse({ ingressdns: 'touch /tmp/x' }).success).toBe(false);
  });
});
