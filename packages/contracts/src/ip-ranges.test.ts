import { describe, expect, it } from 'vitest';
import {
  cidrContains,
  cidrSize,
  cidrsOverlap,
  findFreeAddress,
  isPrivateAddress,
  isPrivateCidr,
  nthAddress,
  randomIPv4Range,
  randomIPv6Range,
} from './ip-ranges.ts';
import { isIPv6Cidr, parseCidr } from './ip.ts';

describe('cidrsOverlap', () => {
  it.each([
    ['10.0.0.0/16', '10.0.5.0/24', true],
    ['10.0.5.0/24', '10.0.0.0/16', true],
    ['10.0.0.0/24', '10.0.1.0/24', false],
    ['10.0.0.0/23', '10.0.1.0/24', true],
    ['0.0.0.0/0', '192.168.1.0/24', true],
    ['fd3c:1::/64', 'fd3c:1::/48', true],
    ['fd3c:1::/64', 'fd3c:2::/64', false],
    ['10.0.0.0/8', '::/0', false],
    ['10.0.0.0/8', 'not a cidr', false],
  ])('-> %s and %s overlap: %s', (a, b, expected) => {
    expect(cidrsOverlap(a, b)).toBe(expected);
  });
});

describe('cidrContains and cidrSize', () => {
  it('-> checks membership within the same family only', () => {
    expect(cidrContains('10.0.0.0/24', '10.0.0.255')).toBe(true);
    expect(cidrContains('10.0.0.0/24', '10.0.1.0')).toBe(false);
    expect(cidrContains('fd3c::/64', 'fd3c::abcd')).toBe(true);
    expect(cidrContains('::/0', '10.0.0.1')).toBe(false);
    expect(cidrSize('10.0.0.0/24')).toBe(256n);
    expect(cidrSize('fd3c::/64')).toBe(1n << 64n);
  });
});

describe('nthAddress', () => {
  it('-> counts from the network address, or back from the last address when negative', () => {
    expect(nthAddress('10.0.0.0/24', 1)).toBe('10.0.0.1');
    expect(nthAddress('10.0.0.0/24', -2)).toBe('10.0.0.254');
    expect(nthAddress('fd3c::/64', 1n)).toBe('fd3c::1');
    expect(nthAddress('fd3c::/64', -2)).toBe('fd3c::ffff:ffff:ffff:fffe');
  });

  it('-> when n falls outside the range, returns undefined', () => {
    expect(nthAddress('10.0.0.0/24', 256)).toBeUndefined();
    expect(nthAddress('10.0.0.0/24', -257)).toBeUndefined();
    expect(nthAddress('bad', 1)).toBeUndefined();
  });
});

describe('findFreeAddress', () => {
  it('-> from the lowest edge, fills gaps first and skips the network address', () => {
    expect(findFreeAddress('10.0.0.0/24', [], 'lowest')).toBe('10.0.0.1');
    expect(findFreeAddress('10.0.0.0/24', ['10.0.0.1/24', '10.0.0.3'], 'lowest')).toBe('10.0.0.2');
    expect(findFreeAddress('fd3c::/64', ['fd3c::1', 'fd3c::2'], 'lowest')).toBe('fd3c::3');
  });

  it('-> from the highest edge, skips the broadcast address', () => {
    expect(findFreeAddress('10.0.0.0/24', ['10.0.0.254'], 'highest')).toBe('10.0.0.253');
    expect(findFreeAddress('fd3c::/120', [], 'highest')).toBe('fd3c::fe');
  });

  it('-> when the range is exhausted, returns undefined', () => {
    expect(findFreeAddress('10.0.0.0/30', ['10.0.0.1', '10.0.0.2'], 'lowest')).toBeUndefined();
    expect(findFreeAddress('10.0.0.0/32', [], 'lowest')).toBeUndefined();
  });
});

describe('isPrivateAddress and isPrivateCidr', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['100.64.0.1', false],
    ['fc00::1', true],
    ['2001:db8::1', false],
    ['garbage', false],
  ])('-> %s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('-> flags ranges that overlap a private block', () => {
    expect(isPrivateCidr('192.168.0.0/24')).toBe(true);
    expect(isPrivateCidr('0.0.0.0/0')).toBe(true);
    expect(isPrivateCidr('100.64.1.0/24')).toBe(false);
  });
});

const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length]!;
};

describe('randomIPv4Range', () => {
  it('-> builds 100.{63+r}.{r}.0/24 inside 100.64.0.0/10', () => {
    expect(randomIPv4Range([], sequence(0, 0))).toBe('100.64.0.0/24');
    expect(randomIPv4Range([], sequence(0.999999, 0.999999))).toBe('100.127.255.0/24');
  });

  it('-> when the pick is in use, tries again; when every pick collides, scans for a free one', () => {
    expect(randomIPv4Range(['100.64.0.0/24'], sequence(0, 0, 0.5, 0.5))).toBe('100.96.128.0/24');
    expect(randomIPv4Range(['100.64.0.0/16'], sequence(0, 0))).toBe('100.65.0.0/24');
    expect(randomIPv4Range(['100.64.0.0/10'])).toBeUndefined();
  });
});

describe('randomIPv6Range', () => {
  it('-> builds a valid fd3c:{r}:{r}:{r}::/64 range', () => {
    const range = randomIPv6Range();
    expect(range).toMatch(/^fd3c:[0-9a-f:]+\/64$/);
    expect(isIPv6Cidr(range)).toBe(true);
    expect(parseCidr(range)?.prefix).toBe(64);
    expect(randomIPv6Range([], sequence(0.5))).toBe('fd3c:8000:8000:8000::/64');
  });
});
