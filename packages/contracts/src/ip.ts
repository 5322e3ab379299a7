/**
 * IP address and CIDR arithmetic on bigints, shared by the server (validation, overlap checks, address
 * allocation) and the console (form validation). No dependencies, so it runs in Node and the browser alike.
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

// Leading zeros are refused ("010" is octal to some parsers and decimal to others).
const octetPattern = /^(0|[1-9][0-9]{0,2})$/;
const hextetPattern = /^[0-9a-fA-F]{1,4}$/;

/** Parses a dotted-quad IPv4 address. */
export function parseIPv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!octetPattern.test(part) || Number(part) > 255) return undefined;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseHextets(text: string, isAddressEnd: boolean): bigint[] | undefined {
  if (text === '') return [];
  const groups = text.split(':');
  const values: bigint[] = [];
  for (const [index, group] of groups.entries()) {
    // An embedded IPv4 address may stand for the last two groups of the address (::ffff:10.0.0.1).
    if (isAddressEnd && index === groups.length - 1 && group.includes('.')) {
      const v4 = parseIPv4(group);
      if (v4 === undefined) return undefined;
      values.push(v4 >> 16n, v4 & 0xffffn);
    } else if (hextetPattern.test(group)) {
      values.push(BigInt(`0x${group}`));
    } else {
      return undefined;
    }
  }
  return values;
}

/** Parses an IPv6 address (with `::` compression and an optional embedded IPv4 tail; zone ids are refused). */
export function parseIPv6(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const isCompressed = halves.length === 2;
  const head = parseHextets(halves[0] ?? '', !isCompressed);
  const tail = isCompressed ? parseHextets(halves[1] ?? '', true) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (isCompressed ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<bigint>(isCompressed ? missing : 0).fill(0n), ...tail];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
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

function formatIPv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - i * 16)) & 0xffffn));
  // RFC 5952: compress the longest run (at least two) of zero groups, the first one on a tie.
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Formats a numeric address in its canonical text form (RFC 5952 for IPv6). */
export function bigIntToAddress(value: bigint, family: IpFamily): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  return formatIPv6(value);
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
