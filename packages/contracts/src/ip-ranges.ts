import { bigIntToAddress, formatCidr, parseAddress, parseCidr, type Cidr } from './ip.ts';

/**
 * Range-level helpers built on ip.ts: overlap and containment, the spec's private-range check, the address
 * allocation scan of api-contract §5.1 and the random range generators of spec §5 "Create network".
 */

/** True when two ranges of the same family share at least one address; ranges of different families never do. */
export function cidrsOverlap(a: string, b: string): boolean {
  const x = parseCidr(a);
  const y = parseCidr(b);
  if (!x || !y || x.family !== y.family) return false;
  return x.network <= y.last && y.network <= x.last;
}

/** True when the address lies inside the range (same family only). */
export function cidrContains(cidr: string, address: string): boolean {
  const range = parseCidr(cidr);
  const ip = parseAddress(address);
  return !!range && !!ip && range.family === ip.family && ip.value >= range.network && ip.value <= range.last;
}

/** Number of addresses in a range (network and broadcast included). */
export function cidrSize(cidr: string): bigint | undefined {
  const range = parseCidr(cidr);
  return range ? range.last - range.network + 1n : undefined;
}

/**
 * The n-th address of a range counted from its network address (n = 1 is the first usable IPv4 address);
 * a negative n counts back from the last address (-1 = broadcast, -2 = the last usable one).
 */
export function nthAddress(cidr: string, n: bigint | number): string | undefined {
  const range = parseCidr(cidr);
  if (!range) return undefined;
  const offset = BigInt(n);
  const value = offset >= 0n ? range.network + offset : range.last + 1n + offset;
  return value < range.network || value > range.last ? undefined : bigIntToAddress(value, range.family);
}

/**
 * First free address of a range per api-contract §5.1: nodes scan up from network + 1, ext clients scan down
 * from last - 1; `taken` holds addresses already allocated. Undefined when the range is exhausted.
 */
export function findFreeAddress(
  cidr: string,
  taken: Iterable<string>,
  from: 'lowest' | 'highest',
): string | undefined {
  const range = parseCidr(cidr);
  if (!range) return undefined;
  const used = new Set<bigint>();
  for (const address of taken) {
    const ip = parseAddress(address.split('/')[0] ?? '');
    if (ip?.family === range.family) used.add(ip.value);
  }
  const step = from === 'lowest' ? 1n : -1n;
  // The scan is bounded by how many addresses are taken, so huge IPv6 ranges stay cheap.
  for (
    let value = from === 'lowest' ? range.network + 1n : range.last - 1n;
    value > range.network && value < range.last;
    value += step
  ) {
    if (!used.has(value)) return bigIntToAddress(value, range.family);
  }
  return undefined;
}

const privateBlocks = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'].map(
  (block) => parseCidr(block) as Cidr,
);

/** Spec §5 "Address checks": 10/8, 172.16-31, 192.168 and the fc00 (unique-local, fc00::/7) IPv6 block. */
export function isPrivateAddress(address: string): boolean {
  const ip = parseAddress(address);
  return (
    !!ip && privateBlocks.some((b) => b.family === ip.family && ip.value >= b.network && ip.value <= b.last)
  );
}

/** True when a range overlaps a private block: the console's "commonly used for LANs" warning. */
export function isPrivateCidr(cidr: string): boolean {
  return privateBlocks.some((block) => cidrsOverlap(cidr, formatCidr(block)));
}

const randomInt = (random: () => number, size: number) => Math.min(size - 1, Math.floor(random() * size));
const ATTEMPTS = 200;

/** Spec §5: `100.{63+r}.{r}.0/24` (inside 100.64.0.0/10) that overlaps none of `inUse`; undefined when all are taken. */
export function randomIPv4Range(
  inUse: readonly string[],
  random: () => number = Math.random,
): string | undefined {
  const isFree = (candidate: string) => !inUse.some((range) => cidrsOverlap(candidate, range));
  const candidate = (second: number, third: number) => `100.${63 + second}.${third}.0/24`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const range = candidate(1 + randomInt(random, 64), randomInt(random, 256));
    if (isFree(range)) return range;
  }
  // Random picks kept colliding: fall back to a full scan so a free /24 is found whenever one exists.
  for (let second = 1; second <= 64; second++) {
    for (let third = 0; third < 256; third++) {
      if (isFree(candidate(second, third))) return candidate(second, third);
    }
  }
  return undefined;
}

/** Spec §5: `fd3c:{r}:{r}:{r}::/64` with random 16-bit groups, avoiding `inUse` (a collision is astronomically rare). */
export function randomIPv6Range(inUse: readonly string[] = [], random: () => number = Math.random): string {
  let range = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const groups = [0, 1, 2].map(() => randomInt(random, 0x10000).toString(16));
    range = formatCidr(parseCidr(`fd3c:${groups.join(':')}::/64`) as Cidr);
    if (!inUse.some((used) => cidrsOverlap(range, used))) return range;
  }
  return range;
}
