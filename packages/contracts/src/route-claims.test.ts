import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCidr, parseCidr } from './ip.ts';
import {
  canonicalRange,
  isPrivateRange,
  refusedClaim,
  unionSize,
  type ClaimEnvironment,
} from './route-claims.ts';

const env: ClaimEnvironment = {
  networks: [
    { netid: 'neta', addressrange: '10.61.0.0/24', addressrange6: 'fd00:61::/64' },
    { netid: 'netb', addressrange: '10.62.0.0/24', addressrange6: '' },
  ],
  endpoints: [
    { host: 'laptop', address: '198.51.100.7' },
    { host: 'v6-box', address: '2001:db8:5::9' },
  ],
  serverAddresses: ['203.0.113.10'],
};

/** The /8s (and smaller pieces) that, with 10.61.0.0/24 left out, add up to all of IPv4: the 24 ranges. */
function everythingBut(hole: string): string[] {
  const out: string[] = [];
  const target = parseCidr(hole)!;
  const split = (text: string) => {
    const r = parseCidr(text)!;
    if (r.network > target.last || r.last < target.network) return void out.push(text);
    if (r.prefix >= target.prefix) return;
    const half = 1n << BigInt(31 - r.prefix);
    split(formatCidr({ ...r, prefix: r.prefix + 1, last: r.network + half - 1n }));
    split(formatCidr({ ...r, prefix: r.prefix + 1, network: r.network + half, last: r.last }));
  };
  split('0.0.0.0/0');
  return out;
}

describe('refusedClaim', () => {
  it.each([['192.168.50.0/24'], ['172.20.0.0/16'], ['8.8.8.0/24'], ['2001:db8:1::/48'], ['10.0.0.0/16']])(
    '-> when %s stays clear of everything, returns nothing',
    (range) => {
      expect(refusedClaim([range], env)).toBeUndefined();
    },
  );

  it.each([
    ['10.62.0.0/24', "overlaps network netb's range 10.62.0.0/24"],
    ['10.61.0.128/25', "overlaps network neta's range 10.61.0.0/24"],
    ['fd00:61::/48', "overlaps network neta's range fd00:61::/64"],
    ['127.0.0.0/8', 'loopback addresses'],
    ['224.0.0.0/4', 'multicast addresses'],
    ['169.254.0.0/16', 'link-local addresses'],
    ['0.0.0.0/8', 'unspecified'],
    ['240.0.0.0/8', 'reserved addresses'],
    ['fe80::/64', 'link-local addresses'],
    ['ff02::/16', 'multicast addresses'],
    ['::1/128', 'loopback address'],
    ['::fffe:0:0/95', 'IPv4-mapped addresses'],
    ['::ffff:10.61.0.0/104', "overlaps network neta's range"],
    ['::ffff:127.0.0.1/128', 'loopback addresses'],
    ['198.51.100.0/24', "host laptop's endpoint 198.51.100.7"],
    ['2001:db8:5::/64', "host v6-box's endpoint 2001:db8:5::9"],
    ['203.0.113.0/24', "the server's address 203.0.113.10"],
    ['0.0.0.0/0', 'default route'],
    ['::/0', 'default route'],
  ])('-> when one range is %s, refuses it saying why (%s)', (range, why) => {
    const reason = refusedClaim([range], env);
    expect(reason).toContain(range);
    expect(reason).toContain(why);
  });

  it("-> when two halves or the issue's ranges around a /24 add up to a default route, refuses them as one", () => {
    expect(refusedClaim(['0.0.0.0/1', '128.0.0.0/1'], env)).toMatch(
      /100% of all IPv4 addresses.*default route/,
    );
    expect(refusedClaim(['::/1', '8000::/1'], env)).toMatch(/100% of all IPv6 addresses.*default route/);
    const ranges = everythingBut('10.61.0.0/24');
    expect(ranges).toHaveLength(24);
    expect(refusedClaim(ranges, env)).toMatch(
      /cover 99\.9% of all IPv4 addresses, which amounts to a default route/,
    );
  });

  it("-> when a range is small but the network's other routes make up the rest, refuses it", () => {
    expect(refusedClaim(['100.100.0.0/16'], env, { alsoRouted: ['16.0.0.0/4'] })).toMatch(
      /with the routes the network already has cover 6\.2% of all IPv4 addresses/,
    );
    expect(refusedClaim(['100.100.0.0/16'], env, { alsoRouted: ['48.0.0.0/5'] })).toBeUndefined();
    // A /4 alone is exactly a sixteenth: not more, so it is judged range by range.
    expect(refusedClaim(['16.0.0.0/4'], env)).toBeUndefined();
  });

  it("-> when the client's gateway is an internet gateway, a default route passes but other checks still hold", () => {
    expect(refusedClaim(['0.0.0.0/0', '::/0'], env, { allowDefaultRoute: true })).toBeUndefined();
    expect(refusedClaim(['0.0.0.0/0', '10.62.0.0/25'], env, { allowDefaultRoute: true })).toContain('netb');
  });

  it('-> when a range is no CIDR, says so', () => {
    expect(refusedClaim(['nope'], env)).toBe('nope is not a CIDR such as 192.168.10.0/24');
  });

  it('-> when the server knows itself by an IPv4-mapped address, a range around its IPv4 form is refused', () => {
    const mapped = { ...env, serverAddresses: ['::ffff:192.0.2.1'] };
    expect(refusedClaim(['192.0.2.0/24'], mapped)).toContain("the server's address ::ffff:192.0.2.1");
  });
});

describe('canonicalRange', () => {
  it.each([
    ['10.1.2.3/16', '10.1.0.0/16'],
    ['::ffff:10.61.0.0/104', '10.0.0.0/8'],
    ['::ffff:192.168.1.7/120', '192.168.1.0/24'],
    ['::ffff:0:0/96', '0.0.0.0/0'],
    ['fd00::1/64', 'fd00::/64'],
    ['::/64', '::/64'],
  ])('-> %s becomes %s', (text, canonical) => {
    expect(canonicalRange(text)).toBe(canonical);
  });
});

describe('isPrivateRange', () => {
  it.each([
    ['192.168.77.0/24', true],
    ['10.0.0.0/8', true],
    ['fd12:3456::/48', true],
    ['203.0.113.0/24', false],
    ['10.0.0.0/7', false],
    ['::/1', false],
  ])('-> %s: %s', (range, expected) => {
    expect(isPrivateRange(range)).toBe(expected);
  });
});

// ---- Properties: the rule holds for any range, not just the listed ones ----

const v4Range = fc
  .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 32 }))
  .map(([value, prefix]) =>
    formatCidr({ ...parseCidr(`${[24, 16, 8, 0].map((s) => (value >>> s) & 255).join('.')}/${prefix}`)! }),
  );

describe('refusedClaim properties', () => {
  it('-> any accepted range overlaps no network, covers no endpoint or server address, and no reserved block', () => {
    fc.assert(
      fc.property(v4Range, (range) => {
        if (refusedClaim([range], env) !== undefined) return;
        const r = parseCidr(range)!;
        const inside = (address: string) => {
          const a = parseCidr(`${address}/32`)!;
          return a.network >= r.network && a.network <= r.last;
        };
        expect(inside('203.0.113.10')).toBe(false);
        expect(inside('198.51.100.7')).toBe(false);
        expect(inside('127.0.0.1')).toBe(false);
        expect(inside('224.0.0.1')).toBe(false);
        expect(inside('169.254.1.1')).toBe(false);
        expect(inside('10.61.0.1') || inside('10.62.0.1')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('-> any set whose union passes a sixteenth of IPv4 is refused, whatever the pieces', () => {
    fc.assert(
      fc.property(fc.array(v4Range, { minLength: 1, maxLength: 40 }), (ranges) => {
        const size = unionSize(ranges.map((r) => parseCidr(r)!));
        const reason = refusedClaim(ranges, env);
        if (size * 16n > 1n << 32n) expect(reason).toBeDefined();
        if (reason === undefined) expect(size * 16n).toBeLessThanOrEqual(1n << 32n);
      }),
      { numRuns: 500 },
    );
  });

  it('-> an IPv4-mapped range is judged exactly as its IPv4 form', () => {
    fc.assert(
      fc.property(v4Range, (range) => {
        const [address, prefix] = range.split('/');
        const mapped = `::ffff:${address}/${Number(prefix) + 96}`;
        const a = refusedClaim([range], env);
        const b = refusedClaim([mapped], env);
        expect(b === undefined).toBe(a === undefined);
      }),
      { numRuns: 1000 },
    );
  });

  it('-> unionSize equals the number of distinct addresses of small random sets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 24, max: 32 })), {
          maxLength: 12,
        }),
        (pieces) => {
          const ranges = pieces.map(([last, prefix]) => parseCidr(`10.0.0.${last}/${prefix}`)!);
          const seen = new Set<bigint>();
          for (const r of ranges) for (let v = r.network; v <= r.last; v++) seen.add(v);
          expect(unionSize(ranges)).toBe(BigInt(seen.size));
        },
      ),
    );
  });
});
