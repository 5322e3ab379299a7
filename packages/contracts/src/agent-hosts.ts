import { z } from 'zod';
import { isIpAddress } from './ip.ts';
import { ipNetSchema, wgKeyBytesSchema, wgKeyInputSchema } from './wire.ts';

/** Local interface of a host: v0.30 sends the IPNet and its text form. */
export const hostInterfaceSchema = z.object({
  name: z.string(),
  address: ipNetSchema.optional(),
  addressString: z.string(),
});
export type HostInterface = z.infer<typeof hostInterfaceSchema>;

export const firewallKinds = ['iptables', 'nftables', 'none'] as const;
export const DEFAULT_LISTEN_PORT = 51821;
export const DEFAULT_MTU = 1420;
/** New hosts get a 20 s keepalive whatever they send (api-contract §2.5). */
export const DEFAULT_KEEPALIVE_SECONDS = 20;

const optionalIp = (field: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isIpAddress(v), { error: `${field} must be an IP address` });

/** Agent versions the server accepts: v0.17.0 or later, or "dev" (api-contract §2.5). */
export function isSupportedAgentVersion(version: string): boolean {
  if (version === 'dev') return true;
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 0 || minor >= 17;
}

/**
 * Raw Host in a registration body (api-contract §2.5 / §3.14.1). Unknown fields are accepted and ignored;
 * `publickey` may be the raw 32-integer array or base64.
 */
export const registerHostInputSchema = z.looseObject({
  id: z.uuid('id must be a UUID').optional(),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(253, 'name must be at most 253 characters'),
  hostpass: z.string({ error: 'hostpass is required' }).min(8, 'hostpass must be at least 8 characters').max(256),
  version: z.string({ error: 'version is required' }).refine(isSupportedAgentVersion, { error: 'version must be v0.17.0 or later, or "dev"' }),
  os: z.string().trim().min(1).max(32).default('linux'),
  os_family: z.string().max(64).default(''),
  os_version: z.string().max(64).default(''),
  kernel_version: z.string().max(128).default(''),
  publickey: wgKeyInputSchema,
  traffickeypublic: z.string().nullish(),
  listenport: z.number().int().min(0).max(65535).default(DEFAULT_LISTEN_PORT),
  wg_public_listen_port: z.number().int().min(0).max(65535).default(0),
  mtu: z.number().int().min(0).max(65535).default(DEFAULT_MTU),
  endpointip: optionalIp('endpointip'),
  endpointipv6: optionalIp('endpointipv6'),
  interfaces: z.array(hostInterfaceSchema).nullish().transform((v) => v ?? []),
  defaultinterface: z.string().default(''),
  interface: z.string().default(''),
  firewallinuse: z.enum([...firewallKinds, '']).default('none'),
  macaddress: z.string().nullish(),
  verbosity: z.number().int().min(0).max(4).default(0),
  debug: z.boolean().default(false),
  isstatic: z.boolean().default(false),
  isstaticport: z.boolean().default(false),
  isdefault: z.boolean().default(false),
  autoupdate: z.boolean().default(false),
  ipforwarding: z.boolean().default(false),
  nat_type: z.string().default(''),
});
export type RegisterHostInput = z.infer<typeof registerHostInputSchema>;

/** Raw Host as the server sends it to agents (keys as integer arrays, keepalive in ns); never the password. */
export const rawHostSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  os: z.string(),
  os_family: z.string(),
  os_version: z.string(),
  kernel_version: z.string(),
  verbosity: z.number().int(),
  firewallinuse: z.string(),
  ipforwarding: z.boolean(),
  daemoninstalled: z.boolean(),
  autoupdate: z.boolean(),
  interface: z.string(),
  debug: z.boolean(),
  listenport: z.number().int(),
  wg_public_listen_port: z.number().int(),
  mtu: z.number().int(),
  publickey: wgKeyBytesSchema,
  macaddress: z.string().nullable(),
  traffickeypublic: z.string().nullable(),
  nodes: z.array(z.string()),
  interfaces: z.array(hostInterfaceSchema),
  defaultinterface: z.string(),
  endpointip: z.string(),
  endpointipv6: z.string(),
  isstaticport: z.boolean(),
  isstatic: z.boolean(),
  isdefault: z.boolean(),
  dns_status: z.string(),
  nat_type: z.string(),
  persistentkeepalive: z.number().int(),
  enable_flow_logs: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RawHost = z.infer<typeof rawHostSchema>;

/** The client-owned Host fields an agent may report on check-in (HostUpdate.Host); everything is optional. */
export const checkInHostSchema = z.looseObject({
  version: z.string().refine(isSupportedAgentVersion, { error: 'version must be v0.17.0 or later, or "dev"' }).optional(),
  publickey: wgKeyInputSchema.optional(),
  listenport: z.number().int().min(0).max(65535).optional(),
  wg_public_listen_port: z.number().int().min(0).max(65535).optional(),
  endpointip: optionalIp('endpointip').optional(),
  endpointipv6: optionalIp('endpointipv6').optional(),
  interfaces: z.array(hostInterfaceSchema).nullish(),
  mtu: z.number().int().min(0).max(65535).optional(),
  nat_type: z.string().optional(),
});
export type CheckInHost = z.infer<typeof checkInHostSchema>;
