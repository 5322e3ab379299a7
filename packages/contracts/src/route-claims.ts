import { addressBits, formatCidr, parseAddress, parseCidr, type Cidr, type IpFamily } from './ip.ts';

/**
 * Which ranges a network may route into its tunnels (issue 38, decision 047): egress ranges and remote-access
 * clients' extra ranges alike. A route to a range sends every host's traffic for it into the mesh, so a range
 * may not take what hosts need outside the tunnel (the server, WireGuard endpoints), what belongs to another
 * network, or addresses that never travel through a tunnel; and together a network's routes may not amount to a
 * default route, which only an internet gateway carries. Pure: the server gathers the environment.
 */

/** What a claimed range must stay clear of. */
export interface ClaimEnvironment {
  /** Every network's ranges (the claiming network's own included). */
  networks: readonly { netid: string; addressrange: string; addressrange6: string }[];
  /** Every host's WireGuard endpoint, with the host's name for the message. */
  endpoints: readonly { host: string; address: string }[];
  /** The addresses the server knows it is reached at (configured URLs, the request's own address). */
  serverAddresses: readonly string[];
}

export interface ClaimOptions {
  /** Ranges the network routes already (other gateways', other clients'): they count towards a default route. */
  alsoRouted?: readonly string[] | undefined;
  /** A default route (`/0`, or ranges adding up to one) is allowed: only for an internet gateway's clients. */
  allowDefaultRoute?: boolean | undefined;
}

/**
 * A set of routes amounts to a default route once its union covers more than this share of an address family:
 * more than a /4's worth (268,435,456 IPv4 addresses, 2^124 IPv6 ones). No site's LAN comes near it (the largest
 * single allocations are /8s), and anything beyond it sends much of the internet into the tunnel.
 */
export const DEFAULT_ROUTE_SHARE_DIVISOR = 16n;

const MAPPED = parseCidr('::ffff:0:0/96') as Cidr;

/** Blocks no route may cover, with what they are in words. IPv4-mapped ranges are rewritten as IPv4 first. */
const RESERVED: readonly { cidr: Cidr; text: string; what: string }[] = [
  ['0.0.0.0/8', 'unspecified ("this network") addresses'],
  ['127.0.0.0/8', 'loopback addresses'],
  ['169.254.0.0/16', 'link-local addresses'],
  ['224.0.0.0/4', 'multicast addresses'],
  ['240.0.0.0/4', 'reserved addresses (and the broadcast address)'],
  ['::/128', 'the unspecified address'],
  ['::1/128', 'the loopback address'],
  ['::ffff:0:0/96', 'IPv4-mapped addresses'],
  ['fe80::/10', 'link-local addresses'],
  ['ff00::/8', 'multicast addresses'],
].map(([text, what]) => ({
  cidr: parseCidr(text as string) as Cidr,
  text: text as string,
  what: what as string,
}));

/** An IPv4-mapped IPv6 range (`::ffff:10.61.0.0/104`) as the IPv4 range it stands for; any other range as is. */
function unmapped(range: Cidr): Cidr {
  if (range.family !== 6 || range.prefix < 96 || range.network >> 32n !== 0xffffn) return range;
  const mask = 0xffffffffn;
  return { family: 4, prefix: range.prefix - 96, network: range.network & mask, last: range.last & mask };
}

/**
 * A range in the one form rules and agents see: its network address, IPv4-mapped IPv6 written as IPv4
 * (`::ffff:10.61.0.0/104` -> `10.0.0.0/8`). Undefined when it is no CIDR.
 */
export function canonicalRange(text: string): string | undefined {
  const range = parseCidr(text);
  return range ? formatCidr(unmapped(range)) : undefined;
}

const overlaps = (a: Cidr, b: Cidr) => a.family === b.family && a.network <= b.last && b.network <= a.last;
const containsValue = (range: Cidr, family: IpFamily, value: bigint) =>
  range.family === family && value >= range.network && value <= range.last;

/** An address in canonical form (IPv4-mapped IPv6 as IPv4), or undefined. */
function canonicalAddress(text: string): { family: IpFamily; value: bigint } | undefined {
  const address = parseAddress(text.replace(/^\[|\]$/g, ''));
  if (!address) return undefined;
  if (address.family === 6 && containsValue(MAPPED, 6, address.value))
    return { family: 4, value: address.value & 0xffffffffn };
  return address;
}

/** How many addresses the union of `ranges` holds (one family), merging overlaps. */
export function unionSize(ranges: readonly Cidr[]): bigint {
  const sorted = [...ranges].sort((a, b) => (a.network < b.network ? -1 : a.network > b.network ? 1 : 0));
  let total = 0n;
  let start = -1n;
  let end = -2n;
  for (const range of sorted) {
    if (range.network > end + 1n) {
      if (end >= start && start >= 0n) total += end - start + 1n;
      start = range.network;
      end = range.last;
    } else if (range.last > end) end = range.last;
  }
  if (end >= start && start >= 0n) total += end - start + 1n;
  return total;
}

/** The family whose routes add up to a default route, with the share they cover; undefined when none does. */
function defaultRouteFamily(ranges: readonly Cidr[]): { family: IpFamily; percent: string } | undefined {
  for (const family of [4, 6] as const) {
    const size = unionSize(ranges.filter((r) => r.family === family));
    const space = 1n << BigInt(addressBits(family));
    if (size * DEFAULT_ROUTE_SHARE_DIVISOR > space) {
      const tenths = Number((size * 1000n) / space) / 10;
      return { family, percent: `${tenths}%` };
    }
  }
  return undefined;
}

/**
 * Why `ranges` amount to a default route (`/0`, or with the network's other routes a union covering more than a
 * {@link DEFAULT_ROUTE_SHARE_DIVISOR}-th of a family), as a sentence starting with the ranges; undefined when
 * they do not, or when `allowDefaultRoute`. Unparsable ranges are left to {@link refusedClaim}.
 */
export function defaultRouteClaim(ranges: readonly string[], options: ClaimOptions = {}): string | undefined {
  if (options.allowDefaultRoute === true) return undefined;
  const parse = (list: readonly string[]) =>
    list.flatMap((text) => {
      const range = parseCidr(text);
      return range ? [{ text, range: unmapped(range) }] : [];
    });
  const parsed = parse(ranges);
  const whole = parsed.find((p) => p.range.prefix === 0);
  if (whole)
    return `${whole.text} is a default route (the whole internet): only an internet gateway carries one`;
  const others = parse(options.alsoRouted ?? []).map((p) => p.range);
  const family = defaultRouteFamily([...parsed.map((p) => p.range), ...others]);
  if (!family) return undefined;
  const already = others.length > 0 ? 'with the routes the network already has ' : '';
  return `${parsed.map((p) => p.text).join(', ')} ${already}cover ${family.percent} of all IPv${family.family} addresses, which amounts to a default route: only an internet gateway carries one`;
}

/**
 * The first reason `ranges` may not be routed, as a sentence starting with the range it is about (the caller
 * puts the field's name in front); undefined when every range may be. Checks, in order: the text is a CIDR; a
 * default route ({@link defaultRouteClaim}); then per range: reserved blocks (loopback, link-local, multicast,
 * unspecified and reserved, IPv4-mapped), every network's ranges, the server's addresses, every host's endpoint.
 */
export function refusedClaim(
  ranges: readonly string[],
  env: ClaimEnvironment,
  options: ClaimOptions = {},
): string | undefined {
  const parsed: { text: string; range: Cidr }[] = [];
  for (const text of ranges) {
    const range = parseCidr(text);
    if (!range) return `${text} is not a CIDR such as 192.168.10.0/24`;
    parsed.push({ text, range: unmapped(range) });
  }
  const defaultRoute = defaultRouteClaim(ranges, options);
  if (defaultRoute) return defaultRoute;
  for (const { text, range } of parsed) {
    // An internet gateway's client may take the whole internet; the networks keep their more specific routes.
    if (range.prefix === 0) continue;
    const reserved = RESERVED.find((block) => overlaps(block.cidr, range));
    if (reserved)
      return `${text} covers ${reserved.what} (${reserved.text}), which never travel through a tunnel`;
    for (const network of env.networks)
      for (const own of [network.addressrange, network.addressrange6]) {
        const other = own ? parseCidr(own) : undefined;
        if (other && overlaps(other, range))
          return `${text} overlaps network ${network.netid}'s range ${own}: hosts in that network would send its traffic here`;
      }
    for (const address of env.serverAddresses) {
      const ip = canonicalAddress(address);
      if (ip && containsValue(range, ip.family, ip.value))
        return `${text} covers the server's address ${address}: hosts would lose the server through the tunnel`;
    }
    for (const { host, address } of env.endpoints) {
      const ip = canonicalAddress(address);
      if (ip && containsValue(range, ip.family, ip.value))
        return `${text} covers host ${host}'s endpoint ${address}: WireGuard's own packets to it would loop into the tunnel`;
    }
  }
  return undefined;
}

const PRIVATE_BLOCKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'].map(
  (text) => parseCidr(text) as Cidr,
);

/** True when the range lies wholly inside a private block (RFC 1918, IPv6 unique-local): a LAN's range. */
export function isPrivateRange(text: string): boolean {
  const range = parseCidr(text);
  if (!range) return false;
  const r = unmapped(range);
  return PRIVATE_BLOCKS.some((b) => b.family === r.family && b.network <= r.network && r.last <= b.last);
}
