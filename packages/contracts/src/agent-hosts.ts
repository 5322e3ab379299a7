import { z } from 'zod';
import { isIpAddress } from './ip.ts';
import { LIMITS, boundedArray, boundedString } from './limits.ts';
import {
  ipNetInputSchema,
  ipNetSchema,
  macAddressInputSchema,
  wgKeyBytesSchema,
  wgKeyInputSchema,
} from './wire.ts';

/** Local interface of a host: v0.30 sends the IPNet and its text form. */
export const hostInterfaceSchema = z.object({
  name: z.string(),
  address: ipNetSchema.optional(),
  addressString: z.string(),
});
export type HostInterface = z.infer<typeof hostInterfaceSchema>;
/**
 * The same as an agent sends it, bounded. Response schemas stay unbounded: they describe what the server
 * already stores, and a bound there would turn an old stored value into a failed answer.
 */
const hostInterfaceInputSchema = z.object({
  name: boundedString('interface name', LIMITS.interfaceName),
  address: ipNetInputSchema.optional(),
  addressString: boundedString('addressString', LIMITS.address),
});

export const firewallKinds = ['iptables', 'nftables', 'none'] as const;
export const DEFAULT_LISTEN_PORT = 51821;
export const DEFAULT_MTU = 1420;
/** New hosts get a 20 s keepalive whatever they send (api-contract §2.5). */
export const DEFAULT_KEEPALIVE_SECONDS = 20;

const optionalIp = (field: string) =>
  boundedString(field, LIMITS.address)
    .trim()
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isIpAddress(v), { error: `${field} must be an IP address` });

/** Operating systems of api-contract §3.20 (`ios` and `android` are clients'). */
export const hostOses = ['linux', 'windows', 'darwin', 'freebsd', 'iot', 'ios', 'android'] as const;
/** NAT types of api-contract §3.20: v0.30's four, v1.5's `behind_nat`, and empty for unknown. */
export const natTypes = ['', 'public', 'symmetric', 'asymmetric', 'double', 'behind_nat'] as const;
const natTypeSchema = z.enum(natTypes, {
  error: `nat_type must be one of ${natTypes.filter(Boolean).join(', ')} or empty`,
});
const versionSchema = boundedString('version', LIMITS.version).refine(isSupportedAgentVersion, {
  error: 'version must be v0.17.0 or later, or "dev"',
});
const interfacesSchema = boundedArray('interfaces', hostInterfaceInputSchema).nullish();
/** The agent's traffic (message-encryption) public key: base64 (api-contract §3.14.1). */
const trafficKeySchema = boundedString('traffickeypublic', LIMITS.base64Key)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'traffickeypublic must be base64')
  .nullish();

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
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(253, 'name must be at most 253 characters'),
  hostpass: z
    .string({ error: 'hostpass is required' })
    .min(8, 'hostpass must be at least 8 characters')
    .max(LIMITS.secret, `hostpass must be at most ${LIMITS.secret} characters`),
  version: z.string({ error: 'version is required' }).pipe(versionSchema),
  os: z.enum(hostOses, { error: `os must be one of ${hostOses.join(', ')}` }).default('linux'),
  os_family: boundedString('os_family', 64).default(''),
  os_version: boundedString('os_version', 64).default(''),
  kernel_version: boundedString('kernel_version', 128).default(''),
  publickey: wgKeyInputSchema,
  traffickeypublic: trafficKeySchema,
  listenport: z.number().int().min(0).max(65535).default(DEFAULT_LISTEN_PORT),
  wg_public_listen_port: z.number().int().min(0).max(65535).default(0),
  mtu: z.number().int().min(0).max(65535).default(DEFAULT_MTU),
  endpointip: optionalIp('endpointip'),
  endpointipv6: optionalIp('endpointipv6'),
  interfaces: interfacesSchema.transform((v) => v ?? []),
  defaultinterface: boundedString('defaultinterface', LIMITS.interfaceName).default(''),
  interface: boundedString('interface', LIMITS.interfaceName).default(''),
  firewallinuse: z
    .enum([...firewallKinds, ''], { error: `firewallinuse must be one of ${firewallKinds.join(', ')}` })
    .default('none'),
  macaddress: macAddressInputSchema,
  verbosity: z.number().int().min(0).max(4).default(0),
  debug: z.boolean().default(false),
  isstatic: z.boolean().default(false),
  isstaticport: z.boolean().default(false),
  isdefault: z.boolean().default(false),
  autoupdate: z.boolean().default(false),
  ipforwarding: z.boolean().default(false),
  nat_type: natTypeSchema.default(''),
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
  version: versionSchema.optional(),
  publickey: wgKeyInputSchema.optional(),
  listenport: z.number().int().min(0).max(65535).optional(),
  wg_public_listen_port: z.number().int().min(0).max(65535).optional(),
  endpointip: optionalIp('endpointip').optional(),
  endpointipv6: optionalIp('endpointipv6').optional(),
  interfaces: interfacesSchema,
  mtu: z.number().int().min(0).max(65535).optional(),
  nat_type: natTypeSchema.optional(),
  /** The firewall tool the agent uses now (a tool installed or removed since the join shows at the next check-in). */
  firewallinuse: z
    .enum(firewallKinds, { error: `firewallinuse must be one of ${firewallKinds.join(', ')}` })
    .optional(),
});
