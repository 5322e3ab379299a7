import { z } from 'zod';
import { toYesNo, yesNoSchema, type YesNo } from './envelope.ts';
import { addressBits, formatCidr, parseCidr, type IpFamily } from './ip.ts';
import { LIMITS, boundedString } from './limits.ts';
import {
  KEEPALIVE_MAX_SECONDS,
  NETID_MAX_LENGTH,
  NETWORK_DEFAULTS,
  internetFailModeSchema,
  proSettingsInputSchema,
  type InternetFailMode,
  type ProSettings,
} from './networks.ts';

/**
 * Request bodies of POST and PUT /api/networks (api-contract §5.2). Keys are the lower-case wire keys: the
 * server lower-cases body keys first because the contract decodes them case-insensitively (§1.4).
 */

// Empty strings and nulls mean "not given", and numeric zero means "use the default", as on a Go server.
const isAbsent = (value: unknown) => value === undefined || value === null || value === '';
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isAbsent(v) ? undefined : v), schema.optional());
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isAbsent(v) || v === 0 ? undefined : v), schema.optional());

/** netid: 1..32 characters of a-z, 0-9, hyphen and underscore. */
export const netIdSchema = z
  .string({
    error: `netid is required: 1-${NETID_MAX_LENGTH} characters of a-z, 0-9, hyphen (-) and underscore (_)`,
  })
  .min(1, 'netid is required')
  .max(NETID_MAX_LENGTH, `netid must be at most ${NETID_MAX_LENGTH} characters`)
  .regex(
    /^[a-z0-9_-]+$/,
    'netid may contain only lower-case letters a-z, digits 0-9, hyphen (-) and underscore (_)',
  );

const EXAMPLES: Record<IpFamily, string> = { 4: '10.20.0.0/16', 6: 'fd3c:1:2:3::/64' };

/** A network range of one family, normalised to its network address; /31, /32, /127 and /128 leave no room. */
export const networkRangeSchema = (field: string, family: IpFamily) =>
  z
    .string({ error: `${field} must be a string holding an IPv${family} CIDR` })
    .max(LIMITS.address, `${field} must be at most ${LIMITS.address} characters`)
    .transform((text, ctx) => {
      const cidr = parseCidr(text.trim());
      if (!cidr || cidr.family !== family) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} must be a valid IPv${family} CIDR, for example ${EXAMPLES[family]}`,
        });
        return z.NEVER;
      }
      const longest = addressBits(family) - 2;
      if (cidr.prefix > longest) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} /${cidr.prefix} is too small for a network: use a prefix of /${longest} or shorter`,
        });
        return z.NEVER;
      }
      return formatCidr(cidr);
    });

const flag = (field: string) =>
  z.union([yesNoSchema, z.boolean().transform(toYesNo)], { error: `${field} must be "yes" or "no"` });
const whole = (field: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}${unit}`)
    .max(max, `${field} must be between ${min} and ${max}${unit}`);
const text = (field: string) => boundedString(field, 1024);

/** The settable defaults shared by create and update. */
const defaultsShape = {
  defaultkeepalive: optionalNumber(whole('defaultkeepalive', 1, KEEPALIVE_MAX_SECONDS, ' seconds')),
  defaultmtu: optionalNumber(whole('defaultmtu', 576, 9000)),
  defaultlistenport: optionalNumber(whole('defaultlistenport', 1, 65535)),
  defaultacl: optional(flag('defaultacl')),
  defaultudpholepunch: optional(flag('defaultudpholepunch')),
  allowmanualsignup: optional(flag('allowmanualsignup')),
  defaultdns: optional(text('defaultDns')),
  defaultextclientdns: optional(text('defaultextclientdns')),
  prosettings: optional(proSettingsInputSchema),
  internetfailmode: optional(internetFailModeSchema),
};
const notAnObject = { error: 'the body must be a JSON object holding the network fields' };

/** A network ready to store: every default applied and the family flags derived from the ranges. */
export interface NewNetwork {
  netid: string;
  addressrange: string;
  addressrange6: string;
  isipv4: YesNo;
  isipv6: YesNo;
  defaultkeepalive: number;
  defaultmtu: number;
  defaultlistenport: number;
  defaultacl: YesNo;
  defaultudpholepunch: YesNo;
  allowmanualsignup: YesNo;
  defaultdns: string;
  defaultextclientdns: string;
  prosettings: ProSettings | null;
  internetfailmode: InternetFailMode;
}

/** POST /api/networks body. Other keys the dashboard sends (name, isipv4, defaultUsecase, ...) are ignored. */
export const createNetworkInputSchema = z
  .looseObject(
    {
      netid: netIdSchema,
      addressrange: optional(networkRangeSchema('addressrange', 4)),
      addressrange6: optional(networkRangeSchema('addressrange6', 6)),
      ...defaultsShape,
    },
    notAnObject,
  )
  .superRefine((body, ctx) => {
    if (body.addressrange === undefined && body.addressrange6 === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['addressrange'],
        message: 'IPv4 or IPv6 CIDR required: set addressrange, addressrange6 or both',
      });
    }
  })
  .transform((body): NewNetwork => ({
    netid: body.netid,
    addressrange: body.addressrange ?? '',
    addressrange6: body.addressrange6 ?? '',
    // The flags follow the ranges, so a network can never claim a family it has no range for.
    isipv4: toYesNo(body.addressrange !== undefined),
    isipv6: toYesNo(body.addressrange6 !== undefined),
    defaultkeepalive: body.defaultkeepalive ?? NETWORK_DEFAULTS.defaultkeepalive,
    defaultmtu: body.defaultmtu ?? NETWORK_DEFAULTS.defaultmtu,
    defaultlistenport: body.defaultlistenport ?? NETWORK_DEFAULTS.defaultlistenport,
    defaultacl: body.defaultacl ?? NETWORK_DEFAULTS.defaultacl,
    defaultudpholepunch: body.defaultudpholepunch ?? NETWORK_DEFAULTS.defaultudpholepunch,
    allowmanualsignup: body.allowmanualsignup ?? NETWORK_DEFAULTS.allowmanualsignup,
    defaultdns: body.defaultdns ?? '',
    defaultextclientdns: body.defaultextclientdns ?? '',
    prosettings: body.prosettings ?? null,
    internetfailmode: body.internetfailmode ?? NETWORK_DEFAULTS.internetfailmode,
  }));
export type CreateNetworkInput = z.input<typeof createNetworkInputSchema>;

/**
 * PUT /api/networks/{netid} body: the whole Network object. Only the defaults are applied; ranges, family flags,
 * timestamps and `name` are ignored, and absent fields keep their stored value.
 */
export const updateNetworkInputSchema = z.looseObject(
  {
    netid: optional(
      z
        .string({ error: 'netid must be a string' })
        .max(NETID_MAX_LENGTH, `netid must be at most ${NETID_MAX_LENGTH} characters`),
    ),
    ...defaultsShape,
  },
  notAnObject,
);
export type UpdateNetworkInput = z.output<typeof updateNetworkInputSchema>;

/** `?force=true` on DELETE /api/networks/{netid}. */
export const deleteNetworkQuerySchema = z.object({
  force: z.enum(['true', 'false'], { error: 'force must be true or false' }).optional(),
});
