import { z } from 'zod';
import { rawHostSchema } from './agent-hosts.ts';
import { peerMapSchema, rawNodeSchema } from './agent-messages.ts';
import { LIMITS, boundedString } from './limits.ts';
import { hostRoutingSchema } from './routing.ts';
import { peerConfigSchema } from './wire.ts';

/**
 * Meshdeck extra on peer updates and pulls (decision 004): the host's peer-state version. `epoch` changes when the
 * server restarts; a delta carries the version it applies on top of (`base`), so an agent that sees a gap pulls.
 * Clients that do not know it ignore it and get the contract's messages.
 */
export const peerSyncSchema = z.object({
  epoch: z.string(),
  version: z.number().int().nonnegative(),
  base: z.number().int().nonnegative().nullable(),
});
export type PeerSync = z.infer<typeof peerSyncSchema>;

/**
 * HostPeerUpdate on `peers/host/<hostId>/<server>`. `replace_peers: true` carries the host's whole peer list;
 * `false` carries only the peers that changed (a peer to drop has `Remove: true`).
 */
export const hostPeerUpdateSchema = z.object({
  host: rawHostSchema.nullable(),
  nodes: z.array(rawNodeSchema),
  server: z.string(),
  serverversion: z.string(),
  host_peers: z.array(peerConfigSchema),
  peerids: peerMapSchema,
  replace_peers: z.boolean(),
  change_default_gw: z.boolean(),
  is_inet_gw: z.boolean(),
  endpoint_detection: z.boolean(),
  peer_sync: peerSyncSchema.optional(),
  // The receiver's whole routing state, in full lists and deltas alike (routing.ts); optional for older servers.
  ...hostRoutingSchema.omit({ change_default_gw: true, is_inet_gw: true }).partial().shape,
});
export type HostPeerUpdate = z.infer<typeof hostPeerUpdateSchema>;

export const hostActions = [
  'UPGRADE',
  'FORCE_UPGRADE',
  'SIGNAL_HOST',
  'UPDATE_HOST',
  'UPDATE_NODE',
  'DELETE_HOST',
  'JOIN_HOST_TO_NETWORK',
  'ACK',
  'REQ_ACK',
  'CHECK_IN',
  'UPDATE_KEYS',
  'REQ_PULL',
  'SIGNAL_PULL',
  'UPDATE_METRICS',
  'EGRESS_UPDATE',
  'CHECK_AUTO_ASSIGN_GW',
] as const;
export type HostAction = (typeof hostActions)[number];

/** HostUpdate (MQTT host/update and the HTTP fallback body); PascalCase keys. Host and Node are partial here. */
export const hostUpdateSchema = z.looseObject({
  Action: z.enum(hostActions, { error: `Action must be one of ${hostActions.join(', ')}` }),
  Host: z.looseObject({}).nullish(),
  // Only the node's id and connected flag are read; the id is bounded so a lookup never sees a huge string.
  Node: z.looseObject({ id: boundedString('Node.id', LIMITS.id).optional() }).nullish(),
});
export type HostUpdate = z.infer<typeof hostUpdateSchema>;

/** POST /api/hosts/adm/authenticate body and response (a fresh 15-minute host token). */
export const hostAuthenticateInputSchema = z.looseObject({
  id: z
    .string({ error: 'id is required' })
    .min(1, 'id is required')
    .max(LIMITS.id, `id must be at most ${LIMITS.id} characters`),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(LIMITS.secret, `password must be at most ${LIMITS.secret} characters`),
  macaddress: boundedString('macaddress', LIMITS.address).optional(),
});
export const hostAuthenticateResponseSchema = z.object({
  Code: z.number().int(),
  Message: z.string(),
  Response: z.object({ ID: z.string(), AuthToken: z.string() }),
});
export type HostAuthenticateResponse = z.infer<typeof hostAuthenticateResponseSchema>;

/** MQTT topics of api-contract §6.2. */
export const mqttTopics = {
  peerUpdate: (hostId: string, server: string) => `peers/host/${hostId}/${server}`,
  hostUpdate: (hostId: string, server: string) => `host/update/${hostId}/${server}`,
  nodeUpdate: (network: string, nodeId: string) => `node/update/${network}/${nodeId}`,
  hostServerUpdate: (server: string, hostId: string) => `host/serverupdate/${server}/${hostId}`,
};
