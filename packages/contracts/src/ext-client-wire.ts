import { z } from 'zod';
import { wireSetSchema } from './envelope.ts';

/**
 * ExtClient as sent by the server (api-contract §3.4); `privatekey` is blank in lists. Kept apart from the rest of
 * the client contract because every ApiNode carries one in `static_node` (nodes.ts imports it).
 */
export const apiExtClientSchema = z.object({
  clientid: z.string(),
  privatekey: z.string(),
  publickey: z.string(),
  network: z.string(),
  address: z.string(),
  address6: z.string(),
  dns: z.string(),
  extraallowedips: z.array(z.string()),
  allowed_ips: z.array(z.string()),
  ingressgatewayid: z.string(),
  ingressgatewayendpoint: z.string(),
  lastmodified: z.number().int(),
  enabled: z.boolean(),
  ownerid: z.string(),
  deniednodeacls: wireSetSchema,
  remote_access_client_id: z.string(),
  postup: z.string(),
  postdown: z.string(),
  tags: wireSetSchema,
  os: z.string(),
  device_name: z.string(),
  public_endpoint: z.string(),
  country: z.string(),
});
export type ApiExtClient = z.infer<typeof apiExtClientSchema>;

/**
 * The `static_node` of a node that is not a client: v0.30 sends an empty client on every node, every field present
 * at its zero value, and its dashboard reads `node.static_node.<field>` without a guard (issue 39).
 */
export const EMPTY_EXT_CLIENT: ApiExtClient = Object.freeze({
  clientid: '',
  privatekey: '',
  publickey: '',
  network: '',
  address: '',
  address6: '',
  dns: '',
  extraallowedips: [],
  allowed_ips: [],
  ingressgatewayid: '',
  ingressgatewayendpoint: '',
  lastmodified: 0,
  enabled: false,
  ownerid: '',
  deniednodeacls: {},
  remote_access_client_id: '',
  postup: '',
  postdown: '',
  tags: {},
  os: '',
  device_name: '',
  public_endpoint: '',
  country: '',
});
