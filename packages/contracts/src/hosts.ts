import { z } from 'zod';
import { firewallKinds, hostInterfaceSchema } from './agent-hosts.ts';
import { isIpAddress } from './ip.ts';
import { LIMITS, boundedString } from './limits.ts';
import { networkParamSchema } from './nodes.ts';

/** ApiHost: the dashboard's form of a host (api-contract §3.3); keys and addresses as strings. */
export const apiHostSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  os: z.string(),
  os_family: z.string(),
  os_version: z.string(),
  kernel_version: z.string(),
  verbosity: z.number().int(),
  firewallinuse: z.string(),
  debug: z.boolean(),
  isstatic: z.boolean(),
  isstaticport: z.boolean(),
  listenport: z.number().int(),
  wg_public_listen_port: z.number().int(),
  mtu: z.number().int(),
  interfaces: z.array(hostInterfaceSchema),
  defaultinterface: z.string(),
  endpointip: z.string(),
  endpointipv6: z.string(),
  publickey: z.string(),
  macaddress: z.string(),
  nodes: z.array(z.string()),
  isdefault: z.boolean(),
  nat_type: z.string(),
  /** Seconds here; the raw Host form uses nanoseconds. */
  persistentkeepalive: z.number().int(),
  autoupdate: z.boolean(),
  dns: z.enum(['yes', 'no']),
  enable_flow_logs: z.boolean(),
  location: z.string(),
  country_code: z.string(),
  /**
   * Meshdeck extension: whether the host's agent holds a session on the embedded broker right now (pushed updates
   * reach it); absent with an external broker, whose sessions the server cannot see. Check-ins alone do not show this.
   */
  broker_connected: z.boolean().optional(),
});
export type ApiHost = z.infer<typeof apiHostSchema>;

export const hostParamsSchema = z.object({ hostid: z.uuid('hostid must be a UUID') });
export const hostNetworkParamsSchema = hostParamsSchema.extend({ network: networkParamSchema });
export const forceQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });

const keepIfEmpty = <T extends z.ZodType>(schema: T) => schema.optional().nullable();

/**
 * Body of PUT /api/hosts/{hostid}: the whole ApiHost; only the editable fields are read and an empty value keeps
 * the stored one (api-contract §2.4).
 */
export const updateHostInputSchema = z.looseObject({
  id: boundedString('id', LIMITS.id).optional(),
  name: keepIfEmpty(boundedString('name', 253).trim()),
  verbosity: keepIfEmpty(z.number().int().min(0, 'verbosity must be 0-4').max(4, 'verbosity must be 0-4')),
  firewallinuse: keepIfEmpty(z.enum([...firewallKinds, ''])),
  debug: keepIfEmpty(z.boolean()),
  isstaticport: keepIfEmpty(z.boolean()),
  isstatic: keepIfEmpty(z.boolean()),
  listenport: keepIfEmpty(z.number().int().min(0).max(65535, 'listenport must be a port number')),
  mtu: keepIfEmpty(z.number().int().min(0).max(65535)),
  isdefault: keepIfEmpty(z.boolean()),
  persistentkeepalive: keepIfEmpty(
    z.number().int().min(0).max(1000, 'persistentkeepalive must be at most 1000 seconds'),
  ),
  autoupdate: keepIfEmpty(z.boolean()),
  dns: keepIfEmpty(z.enum(['yes', 'no', ''])),
  enable_flow_logs: keepIfEmpty(z.boolean()),
  endpointip: keepIfEmpty(
    boundedString('endpointip', LIMITS.address)
      .trim()
      .refine((v) => v === '' || isIpAddress(v), { error: 'endpointip must be an IP address' }),
  ),
  endpointipv6: keepIfEmpty(
    boundedString('endpointipv6', LIMITS.address)
      .trim()
      .refine((v) => v === '' || isIpAddress(v), { error: 'endpointipv6 must be an IP address' }),
  ),
});
export type UpdateHostInput = z.infer<typeof updateHostInputSchema>;

/** The console's clean view of a host (the spec shows hosts as "Devices"). */
export interface HostSummary {
  id: string;
  name: string;
  version: string;
  os: string;
  publicKey: string;
  endpoint: string;
  listenPort: number;
  nodeIds: string[];
  isDefault: boolean;
  isBehindNat: boolean;
  keepaliveSeconds: number;
  interfaces: { name: string; address: string }[];
}

/** Maps the wire ApiHost to the console's host summary; "behind NAT" follows spec §4 (set and not public). */
export const toHostSummary = (host: ApiHost): HostSummary => ({
  id: host.id,
  name: host.name,
  version: host.version,
  os: host.os,
  publicKey: host.publickey,
  endpoint: host.endpointip || host.endpointipv6,
  listenPort: host.listenport,
  nodeIds: host.nodes,
  isDefault: host.isdefault,
  isBehindNat: host.nat_type !== '' && host.nat_type !== 'public',
  keepaliveSeconds: host.persistentkeepalive,
  interfaces: host.interfaces.map((i) => ({ name: i.name, address: i.addressString })),
});
