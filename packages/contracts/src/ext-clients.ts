import { z } from 'zod';
import { fromWireSet } from './envelope.ts';
import { isCidr, isIpAddress } from './ip.ts';
import { canonicalRange } from './route-claims.ts';
import { LIMITS, boundedArray, boundedString, boundedWireSetSchema } from './limits.ts';
import { networkParamSchema } from './nodes.ts';
import { apiExtClientSchema, type ApiExtClient } from './ext-client-wire.ts';
import { wgKeyInputSchema } from './wire.ts';
import { dnsListInputSchema } from './config-text.ts';

/**
 * External clients (api-contract §2.7, §3.4, §3.5, §5.7): plain WireGuard configs attached to a remote-access
 * gateway node, plus the gateway-creation body (§2.3 createingress) and the remote-access-client objects (§3.12).
 */

export const CLIENT_ID_MIN_LENGTH = 5;
export const CLIENT_ID_MAX_LENGTH = 32;
export const POST_SCRIPT_MAX_LENGTH = 1024;
/** The private key the server shows when the client supplied only its public key (api-contract §3.4). */
export const ENTER_PRIVATE_KEY_PLACEHOLDER = '[ENTER PRIVATE KEY]';

/** The spec's messages (console-spec §5 "Client id"); the server answers with the same text the form shows. */
export const CLIENT_ID_MESSAGES = {
  spaces: 'The client id should not have spaces',
  length: 'Please enter a client id, with a minimum of 5 characters and a maximum of 32 characters.',
  charset: 'The client id may only contain letters, digits and dashes',
  duplicate: 'duplicate client name',
} as const;

export { EMPTY_EXT_CLIENT, apiExtClientSchema, type ApiExtClient } from './ext-client-wire.ts';

/** A client id in a body: empty (the server picks a name) or the §5.7 rule, with the spec's messages. */
export const clientIdInputSchema = z
  .string({ error: 'clientid must be a string' })
  .max(256, CLIENT_ID_MESSAGES.length)
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (/\s/.test(value)) ctx.addIssue({ code: 'custom', message: CLIENT_ID_MESSAGES.spaces });
    else if (value.length < CLIENT_ID_MIN_LENGTH || value.length > CLIENT_ID_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: CLIENT_ID_MESSAGES.length });
    else if (!/^[a-zA-Z0-9-]+$/.test(value))
      ctx.addIssue({ code: 'custom', message: CLIENT_ID_MESSAGES.charset });
  });

/**
 * `extraallowedips`: CIDRs (a bare address counts as /32 or /128), normalised to their network form, IPv4-mapped
 * IPv6 written as IPv4 (`canonicalRange`).
 */
export const extraAllowedIpsInputSchema = boundedArray(
  'extraallowedips',
  boundedString('extraallowedips item', LIMITS.address)
    .trim()
    .transform((value) => (isIpAddress(value) ? `${value}/${value.includes(':') ? 128 : 32}` : value))
    .refine(isCidr, { error: 'extraallowedips must hold CIDRs such as 192.168.10.0/24' })
    .transform((value) => canonicalRange(value) ?? value),
).nullish();

const optionalText = (field: string, max: number = LIMITS.hostName) => boundedString(field, max).nullish();
// One command line each: wg-quick runs every PostUp line, so a line break would smuggle in further directives.
const postScript = (field: string) => boundedString(field, POST_SCRIPT_MAX_LENGTH).nullish();

/**
 * CustomExtClient: body of POST /api/extclients/{network}/{nodeid} and PUT /api/extclients/{network}/{clientid}
 * (api-contract §3.5). Every field is optional; the dashboard sends the whole client on update, so unknown keys pass.
 */
export const customExtClientInputSchema = z.looseObject({
  clientid: clientIdInputSchema.nullish(),
  publickey: z.union([z.literal(''), wgKeyInputSchema]).nullish(),
  dns: dnsListInputSchema('dns').nullish(),
  extraallowedips: extraAllowedIpsInputSchema,
  enabled: z.boolean({ error: 'enabled must be true or false' }).nullish(),
  deniednodeacls: boundedWireSetSchema('deniednodeacls').nullish(),
  remote_access_client_id: optionalText('remote_access_client_id'),
  postup: postScript('postup'),
  postdown: postScript('postdown'),
  tags: boundedWireSetSchema('tags').nullish(),
  device_name: optionalText('device_name'),
  os: optionalText('os'),
  public_endpoint: optionalText('public_endpoint', LIMITS.address),
  country: optionalText('country'),
});
export type CustomExtClientInput = z.infer<typeof customExtClientInputSchema>;

/** Body of POST /api/nodes/{network}/{nodeid}/createingress (v0.30 form, api-contract §2.3). */
export const createIngressInputSchema = z.looseObject({
  extclientdns: dnsListInputSchema('extclientdns').nullish(),
  is_internet_gw: z.boolean({ error: 'is_internet_gw must be true or false' }).nullish(),
  metadata: boundedString('metadata', 256).nullish(),
  persistentkeepalive: z
    .number({ error: 'persistentkeepalive must be a number' })
    .int()
    .min(0)
    .max(1000, 'persistentkeepalive must be at most 1000 seconds')
    .nullish(),
  mtu: z
    .number({ error: 'mtu must be a number' })
    .int()
    .min(0)
    .max(65535, 'mtu must be at most 65535')
    .nullish(),
});
export type CreateIngressInput = z.infer<typeof createIngressInputSchema>;

const clientIdParamSchema = boundedString('clientid', 256).min(1, 'clientid is required');
export const extClientsOfNetworkParamsSchema = z.object({ network: networkParamSchema });
export const extClientParamsSchema = z.object({ network: networkParamSchema, clientid: clientIdParamSchema });
export const createExtClientParamsSchema = z.object({
  network: networkParamSchema,
  nodeid: z.uuid('nodeid must be a UUID'),
});
export const extClientConfigParamsSchema = extClientParamsSchema.extend({ type: boundedString('type', 32) });
export const extClientConfigQuerySchema = z.object({
  preferredip: boundedString('preferredip', LIMITS.address)
    .trim()
    .refine((v) => v === '' || isIpAddress(v), { error: 'preferredip must be an IP address' })
    .optional(),
});

/** UserRAGs: one gateway a user may use (api-contract §3.12). */
export const userRagSchema = z.object({
  remote_access_gw_id: z.string(),
  gw_name: z.string(),
  network: z.string(),
  connected: z.boolean(),
  is_internet_gateway: z.boolean(),
  metadata: z.string(),
});
export type UserRag = z.infer<typeof userRagSchema>;

/** UserRemoteGws: a gateway plus the caller's client on it (api-contract §3.12). */
export const userRemoteGwSchema = userRagSchema.extend({
  gw_client: apiExtClientSchema,
  gw_peer_public_key: z.string(),
  gw_listen_port: z.number().int(),
  allowed_endpoints: z.array(z.string()),
  network_addresses: z.array(z.string()),
  status: z.string(),
  manage_dns: z.boolean(),
  dns_address: z.string(),
  addresses: z.string(),
  match_domains: z.array(z.string()),
  search_domains: z.array(z.string()),
  nameservers: z.array(z.unknown()),
});
export type UserRemoteGw = z.infer<typeof userRemoteGwSchema>;

/** IngressGwUsers: the users attached to a gateway (api-contract §3.12). */
export const ingressGwUsersSchema = z.object({
  node_id: z.string(),
  network: z.string(),
  users: z.array(z.looseObject({ username: z.string() })),
});
export type IngressGwUsers = z.infer<typeof ingressGwUsersSchema>;

/** The console's clean view of an external client. */
export interface ExtClient {
  clientId: string;
  network: string;
  address: string;
  address6: string;
  publicKey: string;
  /** Undefined when blanked (lists) or when the client brought its own key pair. */
  privateKey: string | undefined;
  hasOwnKeyPair: boolean;
  dns: string[];
  extraAllowedIps: string[];
  gatewayNodeId: string;
  gatewayEndpoint: string;
  lastModified: Date | undefined;
  isEnabled: boolean;
  ownerId: string;
  postUp: string;
  postDown: string;
  tags: string[];
  remoteAccessClientId: string;
}

/** Maps the wire ExtClient to the console's client. */
export const toExtClient = (wire: ApiExtClient): ExtClient => ({
  clientId: wire.clientid,
  network: wire.network,
  address: wire.address,
  address6: wire.address6,
  publicKey: wire.publickey,
  privateKey:
    wire.privatekey === '' || wire.privatekey === ENTER_PRIVATE_KEY_PLACEHOLDER ? undefined : wire.privatekey,
  hasOwnKeyPair: wire.privatekey === ENTER_PRIVATE_KEY_PLACEHOLDER,
  dns: wire.dns
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
  extraAllowedIps: wire.extraallowedips,
  gatewayNodeId: wire.ingressgatewayid,
  gatewayEndpoint: wire.ingressgatewayendpoint,
  lastModified: wire.lastmodified > 0 ? new Date(wire.lastmodified * 1000) : undefined,
  isEnabled: wire.enabled,
  ownerId: wire.ownerid,
  postUp: wire.postup,
  postDown: wire.postdown,
  tags: fromWireSet(wire.tags),
  remoteAccessClientId: wire.remote_access_client_id,
});
