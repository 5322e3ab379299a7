import { describe, expect, it } from 'vitest';
import {
  addressToBigInt,
  bigIntToAddress,
  isCidr,
  isIPv4Address,
  isIPv4Cidr,
  isIPv6Address,
  isIPv6Cidr,
  isIpAddress,
  normalizeCidr,
  parseCidr,
  parseIPv4,
  parseIPv6,
} from './ip.ts';

describe('parseIPv4', () => {
  it.each([
    ['0.0.0.0', 0n],
    ['10.0.0.1', 0x0a000001n],
    ['255.255.255.255', 0xffffffffn],
  ])('-> when given %s, returns its value', (text, value) => {
    expect(parseIPv4(text)).toBe(value);
  });

  it.each(['', '1.2.3', '1.2.3.4.5', '256.0.0.1', '01.2.3.4', '1.2.3.-4', '1.2.3.4 ', 'a.b.c.d', '1..2.3'])(
    '-> when given %j, refuses it',
    (text) => {
      expect(parseIPv4(text)).toBeUndefined();
    },
  );
});

describe('parseIPv6', () => {
  it.each([
    ['::', 0n],
    ['::1', 1n],
    ['fd3c::', 0xfd3cn << 112n],
    ['FD3C:0:0:0:0:0:0:1', (0xfd3cn << 112n) | 1n],
    ['::ffff:10.0.0.1', (0xffffn << 32n) | 0x0a000001n],
    // RFC 4291's IPv4-compatible form, not IPv4-mapped (ipaddr.js alone would read it as ::ffff:1.2.3.4).
    ['::1.2.3.4', 0x01020304n],
    ['1:2:3:4:5:6:7::', 0x0001000200030004000500060007_0000n],
  ])('-> when given %s, returns its value', (text, value) => {
    expect(parseIPv6(text)).toBe(value);
  });

  it.each([
    '',
    ':',
    ':::',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '12345::',
    'g::',
    'fe80::1%eth0',
    '1.2.3.4::',
    '::1.2.3',
    '::ffff:010.0.0.1',
  ])('-> when given %j, refuses it', (text) => {
    expect(parseIPv6(text)).toBeUndefined();
  });
});

describe('bigIntToAddress', () => {
  it.each([
    ['10.20.30.40', 4],
    ['::', 6],
    ['::1', 6],
    ['fd3c:1:2:3::', 6],
    ['2001:db8::1:0:0:1', 6],
    ['1:0:0:2::3', 6],
    ['1::2:0:0:3:4', 6],
    ['1:2:3:4:5:6:7:8', 6],
  ] as const)('-> round-trips %s in canonical form', (text, family) => {
    expect(bigIntToAddress(addressToBigInt(text)!, family)).toBe(text);
  });

  it('-> writes IPv6 in lower case with leading zeros and the longest zero run compressed', () => {
    expect(bigIntToAddress(addressToBigInt('2001:0DB8:0000:0000:0001:0000:0000:0000')!, 6)).toBe(
      '2001:db8:0:0:1::',
    );
  });
});

describe('parseCidr and normalizeCidr', () => {
  it('-> clears host bits and reports the first and last address', () => {
    const cidr = parseCidr('10.1.2.3/16');
    expect(cidr).toEqual({ family: 4, prefix: 16, network: 0x0a010000n, last: 0x0a01ffffn });
    expect(normalizeCidr('10.1.2.3/16')).toBe('10.1.0.0/16');
    expect(normalizeCidr('fd3c:1:2:3:4::5/64')).toBe('fd3c:1:2:3::/64');
    expect(normalizeCidr('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normalizeCidr('::/0')).toBe('::/0');
  });

  it.each([
    '10.0.0.0',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/08',
    '10.0.0.0/',
    '/24',
    '10.0.0.0/24/1',
    'fd3c::/129',
    'x/8',
  ])('-> when given %j, refuses it', (text) => {
    expect(parseCidr(text)).toBeUndefined();
    expect(isCidr(text)).toBe(false);
  });
});

describe('address and CIDR validators', () => {
  it('-> tell the families apart', () => {
    expect([
      isIPv4Address('10.0.0.1'),
      isIPv4Address('::1'),
      isIPv6Address('::1'),
      isIpAddress('fd3c::1'),
    ]).toEqual([true, false, true, true]);
    expect([
      isIPv4Cidr('10.0.0.0/32'),
      isIPv4Cidr('10.0.0.0/0'),
      isIPv4Cidr('fd3c::/64'),
      isIPv6Cidr('fd3c::/128'),
    ]).toEqual([true, true, false, true]);
    expect(isIPv6Cidr('10.0.0.0/24')).toBe(false);
  });
});
