import { z } from 'zod';
import { parseAddress } from './ip.ts';
import { LIMITS } from './limits.ts';

/**
 * Encodings of server-side types on the agent-facing wire (api-contract §1.6): WireGuard keys as 32 integers,
 * IP networks as `{IP, Mask}` with a base64 mask, durations in nanoseconds. Uses atob/btoa so it runs in the
 * browser and in Node alike.
 */

export const WG_KEY_BYTES = 32;
export const NANOS_PER_SECOND = 1_000_000_000;

// A loop rather than a spread into fromCharCode: spreading a long array overflows the call stack.
const bytesToBase64 = (bytes: ArrayLike<number>): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] ?? 0);
  return btoa(binary);
};

function base64ToBytes(text: string): number[] | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  try {
    return Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** A raw-form WireGuard key: exactly 32 integers 0-255. */
const isByte = (value: number) => Number.isInteger(value) && value >= 0 && value <= 255;
// One check over the array instead of three per element: an agent validates 10,000 keys per whole peer list.
export const wgKeyBytesSchema = z
  .array(z.number())
  .length(WG_KEY_BYTES)
  .refine((bytes) => bytes.every(isByte), 'a key is 32 integers 0-255');
export type WgKeyBytes = z.infer<typeof wgKeyBytesSchema>;

/** Decodes a base64 WireGuard key; undefined unless it is exactly 32 bytes. */
export function wgKeyFromBase64(text: string): number[] | undefined {
  const bytes = base64ToBytes(text);
  return bytes?.length === WG_KEY_BYTES ? bytes : undefined;
}

export const wgKeyToBase64 = (bytes: readonly number[]): string => bytesToBase64(bytes);

/**
 * A WireGuard public key in a request: the raw form's 32-integer array or the base64 text agents and people
 * type. Both are normalised to base64; anything that is not 32 bytes is refused.
 */
export const wgKeyInputSchema = z
  .union([z.string().max(LIMITS.base64Key), wgKeyBytesSchema], {
    error: 'publickey must be a WireGuard key (base64 of 32 bytes)',
  })
  .transform((value, ctx) => {
    const bytes = typeof value === 'string' ? wgKeyFromBase64(value.trim()) : value;
    if (!bytes) {
      ctx.addIssue({ code: 'custom', message: 'publickey must be a WireGuard key (base64 of 32 bytes)' });
      return z.NEVER;
    }
    return wgKeyToBase64(bytes);
  });

/** Go's net.IPNet as JSON: `{"IP":"10.0.0.1","Mask":"////AA=="}`; empty is `{"IP":"","Mask":null}`. */
export const ipNetSchema = z.object({ IP: z.string(), Mask: z.string().nullable() });
export type IpNet = z.infer<typeof ipNetSchema>;
/** An IPNet a client sends: bounded (base64 of a 16-byte IPv6 mask is 24 characters). */
export const ipNetInputSchema = z.object({
  IP: z.string().max(LIMITS.address, `IP must be at most ${LIMITS.address} characters`),
  Mask: z.string().max(32, 'Mask must be at most 32 characters').nullable(),
});
export const EMPTY_IP_NET: IpNet = { IP: '', Mask: null };

/** `address` with a prefix as an IPNet; `10.0.0.5` + 24 -> `{IP:"10.0.0.5", Mask:"////AA=="}`. */
export function toIpNet(address: string | null | undefined, prefix: number): IpNet {
  const parsed = address ? parseAddress(address) : undefined;
  if (!parsed) return EMPTY_IP_NET;
  const length = parsed.family === 4 ? 4 : 16;
  const mask = Array.from({ length }, (_, i) => {
    const bits = Math.max(0, Math.min(8, prefix - i * 8));
    return (0xff << (8 - bits)) & 0xff;
  });
  return { IP: address ?? '', Mask: bytesToBase64(mask) };
}

/** CIDR text of an IPNet (`10.0.0.5/24`), or undefined for the empty form or a malformed mask. */
export function ipNetToCidr(net: IpNet | null | undefined): string | undefined {
  if (!net || net.IP === '' || net.Mask === null) return undefined;
  const prefix = maskPrefix(net.Mask);
  return prefix === undefined ? undefined : `${net.IP}/${prefix}`;
}

/** Prefix lengths of the masks seen (a peer list repeats a few masks thousands of times), bounded. */
const prefixes = new Map<string, number>();

function maskPrefix(text: string): number | undefined {
  const known = prefixes.get(text);
  if (known !== undefined) return known;
  const mask = base64ToBytes(text);
  if (!mask) return undefined;
  const prefix = mask.reduce((bits, byte) => bits + byte.toString(2).replaceAll('0', '').length, 0);
  if (prefixes.size >= 256) prefixes.clear();
  prefixes.set(text, prefix);
  return prefix;
}

/** A UDP endpoint in a peer config. */
export const endpointSchema = z.object({ IP: z.string(), Port: z.number().int(), Zone: z.string() });
export type Endpoint = z.infer<typeof endpointSchema>;

/** One WireGuard peer as the agents receive it (PascalCase keys, api-contract §1.6). */
export const peerConfigSchema = z.object({
  PublicKey: wgKeyBytesSchema,
  Remove: z.boolean(),
  UpdateOnly: z.boolean(),
  PresharedKey: z.null(),
  Endpoint: endpointSchema.nullable(),
  PersistentKeepaliveInterval: z.number().int().nullable(),
  ReplaceAllowedIPs: z.boolean(),
  AllowedIPs: z.array(ipNetSchema),
});
export type PeerConfig = z.infer<typeof peerConfigSchema>;

/** Hardware address lengths taken: EUI-48 and EUI-64 (stored as text, at most 23 characters). */
const MAC_BYTE_LENGTHS = new Set([6, 8]);
const macTextPattern = /^[0-9a-f]{2}([:-][0-9a-f]{2})*$/i;

function macBytes(value: string): number[] | undefined {
  if (value.length > LIMITS.address) return undefined;
  const bytes = macTextPattern.test(value)
    ? value.split(/[:-]/).map((part) => parseInt(part, 16))
    : base64ToBytes(value);
  return bytes && MAC_BYTE_LENGTHS.has(bytes.length) ? bytes : undefined;
}

/** MAC address text `aa:bb:..` from the raw form's base64 bytes (or text already in that form); '' when not one. */
export function macFromWire(value: string | null | undefined): string {
  if (!value) return '';
  return (
    macBytes(value)
      ?.map((b) => b.toString(16).padStart(2, '0'))
      .join(':') ?? ''
  );
}

/** A MAC address in a request: base64 of 6 or 8 bytes (the raw form), `aa:bb:..` text, empty or null. */
export const macAddressInputSchema = z
  .string({ error: 'macaddress must be a string' })
  .max(LIMITS.address, `macaddress must be at most ${LIMITS.address} characters`)
  .refine((value) => value === '' || macBytes(value) !== undefined, {
    error: 'macaddress must be a hardware address (base64 of 6 or 8 bytes, or aa:bb:cc:dd:ee:ff)',
  })
  .nullish();

/** Raw form of a MAC address: base64 of its bytes, or null when none. */
export function macToWire(mac: string): string | null {
  const bytes = mac ? macBytes(mac) : undefined;
  return bytes ? bytesToBase64(bytes) : null;
}
