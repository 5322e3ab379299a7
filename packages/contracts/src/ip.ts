import ipaddr from 'ipaddr.js';

/**
 * IP address and CIDR arithmetic on bigints, shared by the server (validation, overlap checks, address
 * allocation) and the console (form validation). Parsing and formatting are ipaddr.js's (it runs in Node
 * and the browser alike); ranges are bigint pairs so overlap, containment and allocation are plain compares.
 */
export type IpFamily = 4 | 6;

export interface IpAddress {
  family: IpFamily;
  value: bigint;
}

export interface Cidr {
  family: IpFamily;
  prefix: number;
  /** First address of the range (the address with all host bits cleared). */
  network: bigint;
  /** Last address of the range (all host bits set). */
  last: bigint;
}

export const addressBits = (family: IpFamily): number => (family === 4 ? 32 : 128);

const toBigInt = (bytes: readonly number[]): bigint =>
  bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

const toBytes = (value: bigint, family: IpFamily): number[] => {
  const length = family === 4 ? 4 : 16;
  return Array.from({ length }, (_, index) => Number((value >> BigInt((length - 1 - index) * 8)) & 0xffn));
};

/**
 * Parses a dotted-quad IPv4 address. Only the four-part decimal form: ipaddr.js would also read `10.1` or
 * `0x0a.0.0.1`, and leading zeros ("010" is octal to some parsers and decimal to others) are refused.
 */
export function parseIPv4(text: string): bigint | undefined {
  if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  return toBigInt(ipaddr.IPv4.parse(text).toByteArray());
}

/** Parses an IPv6 address (with `::` compression and an optional embedded IPv4 tail; zone ids are refused). */
export function parseIPv6(text: string): bigint | undefined {
  // The embedded IPv4 tail (::ffff:10.0.0.1) follows the same strict dotted-quad rule as parseIPv4, and is
  // rewritten as two hex groups first: ipaddr.js reads `::1.2.3.4` as IPv4-mapped (::ffff:1.2.3.4), not as
  // the address RFC 4291 means.
  const tail = /:([^:]*\.[^:]*)$/.exec(text)?.[1];
  let hexText = text;
  if (tail !== undefined) {
    const v4 = parseIPv4(tail);
    if (v4 === undefined) return undefined;
    hexText = `${text.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  if (hexText.includes('%') || !ipaddr.IPv6.isValid(hexText)) return undefined;
  return toBigInt(ipaddr.IPv6.parse(hexText).toByteArray());
}

/** Parses an IPv4 or IPv6 address. */
export function parseAddress(text: string): IpAddress | undefined {
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return { family: 4, value: v4 };
  const v6 = parseIPv6(text);
  return v6 === undefined ? undefined : { family: 6, value: v6 };
}

/** The numeric value of an address of either family. */
export const addressToBigInt = (text: string): bigint | undefined => parseAddress(text)?.value;

/** Formats a numeric address in its canonical text form (RFC 5952 for IPv6, as ipaddr.js writes it). */
export function bigIntToAddress(value: bigint, family: IpFamily): string {
  return ipaddr.fromByteArray(toBytes(value, family)).toString();
}

/** Parses `address/prefix`; host bits may be set (they are cleared in `network`). */
export function parseCidr(text: string): Cidr | undefined {
  const [addressText, prefixText, extra] = text.split('/');
  if (addressText === undefined || prefixText === undefined || extra !== undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,2})$/.test(prefixText)) return undefined;
  const address = parseAddress(addressText);
  const prefix = Number(prefixText);
  if (!address || prefix > addressBits(address.family)) return undefined;
  const hostBits = BigInt(addressBits(address.family) - prefix);
  const hostMask = (1n << hostBits) - 1n;
  const network = address.value & ~hostMask;
  return { family: address.family, prefix, network, last: network | hostMask };
}

/** `network/prefix` text of a parsed range. */
export const formatCidr = (cidr: Cidr): string =>
  `${bigIntToAddress(cidr.network, cidr.family)}/${cidr.prefix}`;

/** A CIDR rewritten to its network address (`10.1.2.3/16` -> `10.1.0.0/16`); undefined when invalid. */
export function normalizeCidr(text: string): string | undefined {
  const cidr = parseCidr(text);
  return cidr ? formatCidr(cidr) : undefined;
}

export const isIPv4Address = (text: string): boolean => parseIPv4(text) !== undefined;
export const isIPv6Address = (text: string): boolean => parseIPv6(text) !== undefined;
export const isIpAddress = (text: string): boolean => parseAddress(text) !== undefined;
/** IPv4 CIDR with prefix 0-32 (spec §5 "Address checks"). */
export const isIPv4Cidr = (text: string): boolean => parseCidr(text)?.family === 4;
/** IPv6 CIDR with prefix 0-128 (spec §5 "Address checks"). */
export const isIPv6Cidr = (text: string): boolean => parseCidr(text)?.family === 6;
export const isCidr = (text: string): boolean => parseCidr(text) !== undefined;
