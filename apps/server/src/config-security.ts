import net from 'node:net';
import { z } from 'zod';

/** Which proxies may set X-Forwarded-For: nobody (false), a hop count, or proxy addresses/CIDR ranges. */
export type TrustProxy = false | number | string[];

const unsetWhenEmpty = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();
const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** An IPv4/IPv6 address, optionally with a prefix length (a CIDR range). */
const isAddressOrRange = (value: string): boolean => {
  const [address = '', prefix, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset/empty/"false"/"0" trusts nobody (the client address is the socket's), a number trusts that
 * many proxy hops, otherwise a comma list of proxy addresses or CIDR ranges. "true" (trust anyone) is refused:
 * it would let every client pick its own address and walk around the rate limits.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform(unsetWhenEmpty)
  .superRefine((value, context) => {
    if (value === undefined || value === 'false' || /^\d+$/.test(value)) return;
    const bad = listOf(value).filter((item) => !isAddressOrRange(item));
    if (bad.length > 0 || listOf(value).length === 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma list of proxy addresses/CIDR ranges (bad: ${bad.join(', ') || value})`,
      });
    }
  })
  .transform((value): TrustProxy => {
    if (value === undefined || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    return listOf(value);
  });

/** CORS_ALLOWED_ORIGIN: unset means same-origin only; otherwise a comma list of exact origins, or "*". */
export const corsOriginSchema = z
  .string()
  .optional()
  .transform(unsetWhenEmpty)
  .superRefine((value, context) => {
    if (value === undefined || value === '*') return;
    const bad = listOf(value).filter((origin) => {
      try {
        return new URL(origin).origin !== origin;
      } catch {
        return true;
      }
    });
    if (bad.length > 0)
      context.addIssue({
        code: 'custom',
        message: `must be "*" or a comma list of origins such as https://console.example.com (bad: ${bad.join(', ')})`,
      });
  })
  .transform((value) => (value === undefined ? [] : value === '*' ? '*' : listOf(value)));
