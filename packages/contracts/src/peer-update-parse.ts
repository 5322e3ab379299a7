import { hostPeerUpdateSchema, type HostPeerUpdate } from './agent-updates.ts';
import type { PeerMap } from './agent-messages.ts';
import type { PeerConfig } from './wire.ts';

/**
 * The agent's hot path for peer updates (issue 32 bench: a whole list of 10,000 peers is a 6 MB message). The two
 * big parts, `host_peers` and `peerids`, are checked by hand-written code equivalent to their zod schemas
 * (`peerConfigSchema`, `peerIdentitySchema`: same types accepted, unknown keys dropped, new objects out); the small
 * rest goes through `hostPeerUpdateSchema` itself. Anything refused is parsed again by the full schema, so a
 * malformed message gets zod's own error. peer-update-parse.test.ts proves the two agree on random valid and
 * invalid messages.
 */
export type PeerUpdateParse =
  { success: true; data: HostPeerUpdate } | { success: false; error: { message: string } };

const restSchema = hostPeerUpdateSchema.omit({ host_peers: true, peerids: true });

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlainRecord = (value: unknown): value is Obj => {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => isNumber(value) && Number.isSafeInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

function peerConfig(value: unknown): PeerConfig | undefined {
  if (!isObject(value)) return undefined;
  const key = value.PublicKey;
  if (!Array.isArray(key) || key.length !== 32) return undefined;
  for (const byte of key as unknown[])
    if (!isNumber(byte) || !Number.isInteger(byte) || byte < 0 || byte > 255) return undefined;
  const { Remove, UpdateOnly, ReplaceAllowedIPs, PersistentKeepaliveInterval: keepalive } = value;
  if (!isBoolean(Remove) || !isBoolean(UpdateOnly) || !isBoolean(ReplaceAllowedIPs)) return undefined;
  if (value.PresharedKey !== null) return undefined;
  if (keepalive !== null && !isInt(keepalive)) return undefined;
  const endpoint = value.Endpoint;
  let Endpoint: PeerConfig['Endpoint'] = null;
  if (endpoint !== null) {
    if (!isObject(endpoint) || !isString(endpoint.IP) || !isInt(endpoint.Port) || !isString(endpoint.Zone))
      return undefined;
    Endpoint = { IP: endpoint.IP, Port: endpoint.Port, Zone: endpoint.Zone };
  }
  const ips = value.AllowedIPs;
  if (!Array.isArray(ips)) return undefined;
  const AllowedIPs: PeerConfig['AllowedIPs'] = [];
  for (const net of ips as unknown[]) {
    if (!isObject(net) || !isString(net.IP) || (net.Mask !== null && !isString(net.Mask))) return undefined;
    AllowedIPs.push({ IP: net.IP, Mask: net.Mask });
  }
  return {
    PublicKey: (key as number[]).slice(),
    Remove,
    UpdateOnly,
    PresharedKey: null,
    Endpoint,
    PersistentKeepaliveInterval: keepalive,
    ReplaceAllowedIPs,
    AllowedIPs,
  };
}

const identityStrings = [
  'id',
  'host_id',
  'address',
  'address4',
  'address6',
  'name',
  'isserver',
  'network',
  'username',
] as const;

function peerIdentity(value: unknown): PeerMap[string] | undefined {
  if (!isObject(value)) return undefined;
  for (const field of identityStrings) if (!isString(value[field])) return undefined;
  if (!isInt(value.listen_port) || !isBoolean(value.is_extclient)) return undefined;
  const inbound = value.allowed_inbound;
  if (inbound !== undefined && (!Array.isArray(inbound) || !(inbound as unknown[]).every(isString)))
    return undefined;
  const unpeered = value.unpeered;
  if (unpeered !== undefined && unpeered !== 'relayed' && unpeered !== 'blocked_by_policy') return undefined;
  const v = value as Record<(typeof identityStrings)[number], string> & Obj;
  const identity: PeerMap[string] = {
    id: v.id,
    host_id: v.host_id,
    address: v.address,
    address4: v.address4,
    address6: v.address6,
    name: v.name,
    isserver: v.isserver,
    network: v.network,
    listen_port: value.listen_port,
    is_extclient: value.is_extclient,
    username: v.username,
  };
  // As zod: a key present with `undefined` stays present.
  if ('allowed_inbound' in value)
    identity.allowed_inbound = inbound === undefined ? undefined : inbound.slice();
  if ('unpeered' in value) identity.unpeered = unpeered;
  return identity;
}

/** The hand-checked parse alone: the message, or undefined when the schema would refuse it. */
export function fastPeerUpdate(body: unknown): HostPeerUpdate | undefined {
  if (!isObject(body)) return undefined;
  const rest = restSchema.safeParse(body);
  if (!rest.success || !Array.isArray(body.host_peers) || !isPlainRecord(body.peerids)) return undefined;
  const host_peers: PeerConfig[] = [];
  for (const item of body.host_peers as unknown[]) {
    const peer = peerConfig(item);
    if (!peer) return undefined;
    host_peers.push(peer);
  }
  const peerids: PeerMap = {};
  for (const key of Object.keys(body.peerids)) {
    const identity = peerIdentity(body.peerids[key]);
    if (!identity) return undefined;
    // `__proto__` as a key would set the prototype by assignment; JSON makes it an own key, as zod keeps it.
    if (key === '__proto__')
      Object.defineProperty(peerids, key, {
        value: identity,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else peerids[key] = identity;
  }
  return { ...rest.data, host_peers, peerids };
}

/** `hostPeerUpdateSchema.safeParse(body)`, fast on the two peer lists; equal answers (see above). */
export function parseHostPeerUpdate(body: unknown): PeerUpdateParse {
  const data = fastPeerUpdate(body);
  if (data) return { success: true, data };
  const parsed = hostPeerUpdateSchema.safeParse(body);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, error: { message: parsed.error.message } };
}
