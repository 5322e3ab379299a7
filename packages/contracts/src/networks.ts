import { z } from 'zod';
import { fromYesNo, toYesNo, yesNoSchema } from './envelope.ts';
import { LIMITS, boundedArray, boundedString } from './limits.ts';

/** Limits and defaults of a network (api-contract §3.1, §5.2). */
export const NETID_MAX_LENGTH = 32;
export const KEEPALIVE_MAX_SECONDS = 1000;
export const NETWORK_DEFAULTS = {
  /** Internet-gateway clients keep their traffic in the tunnel when the gateway stops answering. */
  internetfailmode: 'closed',
  defaultkeepalive: 20,
  defaultmtu: 1280,
  defaultlistenport: 51821,
  defaultacl: 'yes',
  defaultudpholepunch: 'no',
  allowmanualsignup: 'no',
  /** The server has no limit; the v0.30 form still carries the field. */
  nodelimit: 999_999_999,
} as const;

/**
 * Meshdeck extra: what a network's internet-gateway clients do when their gateway stops answering its probes:
 * `closed` keeps all traffic in the tunnel (nothing leaks), `open` uses the host's own default route meanwhile.
 */
export const internetFailModes = ['closed', 'open'] as const;
export type InternetFailMode = (typeof internetFailModes)[number];
export const internetFailModeSchema = z.enum(internetFailModes, {
  error: 'internetfailmode must be "closed" or "open"',
});

/** Pro-only per-network user defaults; stored and echoed, never enforced on community. */
export const proSettingsSchema = z.looseObject({
  defaultaccesslevel: z.number().int().optional(),
  defaultusernodelimit: z.number().int().optional(),
  defaultuserclientlimit: z.number().int().optional(),
  allowedusers: z.array(z.string()).nullable().optional(),
  allowedgroups: z.array(z.string()).nullable().optional(),
});
export type ProSettings = z.infer<typeof proSettingsSchema>;
/** Pro settings as a client sends them: the lists and their names bounded. */
export const proSettingsInputSchema = proSettingsSchema.extend({
  allowedusers: boundedArray('allowedusers', boundedString('allowedusers item', LIMITS.hostName))
    .nullable()
    .optional(),
  allowedgroups: boundedArray('allowedgroups', boundedString('allowedgroups item', LIMITS.setKey))
    .nullable()
    .optional(),
});

/**
 * The v0.30 Network wire form (api-contract §3.1): flags are "yes"/"no", times are unix seconds. Fields a real
 * Netmaker server may leave out are optional so the console can read either server.
 */
export const networkSchema = z.object({
  netid: z.string(),
  addressrange: z.string(),
  addressrange6: z.string(),
  isipv4: yesNoSchema,
  isipv6: yesNoSchema,
  defaultacl: yesNoSchema,
  defaultudpholepunch: yesNoSchema,
  defaultkeepalive: z.number().int(),
  defaultmtu: z.number().int(),
  nodeslastmodified: z.number().int(),
  networklastmodified: z.number().int(),
  defaultlistenport: z.number().int().optional(),
  allowmanualsignup: yesNoSchema.optional(),
  defaultinterface: z.string().optional(),
  nodelimit: z.number().int().optional(),
  defaultpostdown: z.string().optional(),
  // Fields only the v0.30 dashboard's model has; the server sends defaults so that model is always filled.
  name: z.string().optional(),
  prosettings: proSettingsSchema.nullable().optional(),
  defaultnatenabled: z.string().optional(),
  defaultextclientdns: z.string().optional(),
  localrange: z.string().optional(),
  defaultDns: z.string().optional(),
  /** Meshdeck extra (absent from a Netmaker server: then `closed`). */
  internetfailmode: internetFailModeSchema.optional(),
});
export type NetworkWire = z.infer<typeof networkSchema>;

/**
 * One GET /api/v1/networks/stats item in both readers' shapes: the v0.30 dashboard's (network fields plus
 * `hosts`) and v1.5's (`Network` and `Hosts`).
 */
export const networkStatsItemSchema = networkSchema.extend({
  hosts: z.number().int(),
  Network: networkSchema,
  Hosts: z.number().int(),
});
export type NetworkStatsItem = z.infer<typeof networkStatsItemSchema>;

/** The console's clean network: camelCase, booleans, numbers. */
export interface Network {
  netId: string;
  /** The netid with dashes shown as spaces (spec §3). */
  displayName: string;
  addressRange: string;
  addressRange6: string;
  isIpv4: boolean;
  isIpv6: boolean;
  defaultAcl: boolean;
  defaultUdpHolePunch: boolean;
  allowManualSignup: boolean;
  defaultKeepalive: number;
  defaultMtu: number;
  defaultListenPort: number;
  defaultDns: string;
  defaultExtClientDns: string;
  /** Unix seconds. */
  nodesLastModified: number;
  networkLastModified: number;
  proSettings: ProSettings | null;
  internetFailMode: InternetFailMode;
}

/**
 * How the console writes a network's name: exactly as stored, in the switcher, titles and breadcrumbs alike
 * (one spelling everywhere; "office mesh" beside "office-mesh" read as two networks, issue 30).
 */
export const networkDisplayName = (netId: string): string => netId;

/** Spec §5: the console trims the typed name, turns spaces into hyphens and lower-cases it before sending. */
export const toNetId = (typedName: string): string => typedName.trim().replace(/\s+/g, '-').toLowerCase();

/** Maps the wire network to the console's clean type. */
export const toNetwork = (wire: NetworkWire): Network => ({
  netId: wire.netid,
  displayName: networkDisplayName(wire.netid),
  addressRange: wire.addressrange,
  addressRange6: wire.addressrange6,
  isIpv4: fromYesNo(wire.isipv4),
  isIpv6: fromYesNo(wire.isipv6),
  defaultAcl: fromYesNo(wire.defaultacl),
  defaultUdpHolePunch: fromYesNo(wire.defaultudpholepunch),
  allowManualSignup: fromYesNo(wire.allowmanualsignup),
  defaultKeepalive: wire.defaultkeepalive,
  defaultMtu: wire.defaultmtu,
  defaultListenPort: wire.defaultlistenport ?? NETWORK_DEFAULTS.defaultlistenport,
  defaultDns: wire.defaultDns ?? '',
  defaultExtClientDns: wire.defaultextclientdns ?? '',
  nodesLastModified: wire.nodeslastmodified,
  networkLastModified: wire.networklastmodified,
  proSettings: wire.prosettings ?? null,
  internetFailMode: wire.internetfailmode ?? NETWORK_DEFAULTS.internetfailmode,
});

/** Maps a clean network back to the full wire object (the PUT body and the server's response). */
export const toNetworkWire = (network: Network): NetworkWire => ({
  netid: network.netId,
  addressrange: network.addressRange,
  addressrange6: network.addressRange6,
  isipv4: toYesNo(network.isIpv4),
  isipv6: toYesNo(network.isIpv6),
  defaultacl: toYesNo(network.defaultAcl),
  defaultudpholepunch: toYesNo(network.defaultUdpHolePunch),
  defaultkeepalive: network.defaultKeepalive,
  defaultmtu: network.defaultMtu,
  nodeslastmodified: network.nodesLastModified,
  networklastmodified: network.networkLastModified,
  defaultlistenport: network.defaultListenPort,
  allowmanualsignup: toYesNo(network.allowManualSignup),
  defaultinterface: '',
  nodelimit: NETWORK_DEFAULTS.nodelimit,
  defaultpostdown: '',
  name: network.netId,
  prosettings: network.proSettings,
  defaultnatenabled: 'no',
  defaultextclientdns: network.defaultExtClientDns,
  localrange: '',
  defaultDns: network.defaultDns,
  internetfailmode: network.internetFailMode,
});
