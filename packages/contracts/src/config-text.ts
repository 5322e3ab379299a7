import { isIpAddress } from './ip.ts';
import { boundedString } from './limits.ts';

/*
 * Request fields that are written into generated files (wg-quick configs, DNS). Every request string is already
 * one line (limits.ts boundedString); the fields here also have a shape, so a value is what its line says.
 */

/** `dns`: a comma list of IP addresses, or empty; normalised to `a,b` without spaces. */
export const dnsListInputSchema = (field: string) =>
  boundedString(field, 1024)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .refine((items) => items.every(isIpAddress), {
      error: `${field} must be a comma-separated list of IP addresses`,
    })
    .transform((items) => items.join(','));
