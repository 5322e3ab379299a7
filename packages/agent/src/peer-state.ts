import { ipNetToCidr, wgKeyToBase64, type PeerConfig, type PeerSync } from '@meshdeck/contracts';

/** One WireGuard peer as the agent configures it. */
export interface Peer {
  publicKey: string;
  endpoint: string | undefined;
  allowedIps: string[];
  keepaliveSeconds: number | undefined;
}

/** The peers an interface should have, keyed by base64 public key. */
export type PeerTable = ReadonlyMap<string, Peer>;

/** A wire PeerConfig (key bytes, IPNet allowed IPs, ns keepalive) in the agent's form. */
export function fromPeerConfig(config: PeerConfig): Peer {
  const endpoint = config.Endpoint && config.Endpoint.IP !== '' ? config.Endpoint : undefined;
  const host = endpoint && endpoint.IP.includes(':') ? `[${endpoint.IP}]` : endpoint?.IP;
  return {
    publicKey: wgKeyToBase64(config.PublicKey),
    endpoint: endpoint ? `${host}:${endpoint.Port}` : undefined,
    allowedIps: config.AllowedIPs.map(ipNetToCidr).filter((cidr): cidr is string => cidr !== undefined),
    keepaliveSeconds: config.PersistentKeepaliveInterval
      ? Math.round(config.PersistentKeepaliveInterval / 1e9)
      : undefined,
  };
}

/**
 * Applies a peer update: `replace` swaps the whole table, otherwise each entry updates or removes one peer (a
 * removal or an entry without allowed IPs drops the peer). Returns a new table; the input is not changed.
 */
export function applyPeerUpdate(
  current: PeerTable,
  peers: readonly PeerConfig[],
  replace: boolean,
): Map<string, Peer> {
  const next = new Map(replace ? [] : current);
  for (const config of peers) {
    const peer = fromPeerConfig(config);
    if (config.Remove || peer.allowedIps.length === 0) next.delete(peer.publicKey);
    else next.set(peer.publicKey, peer);
  }
  return next;
}

/** What changed between two tables: keys to remove and peers to add or update. */
export function diffPeers(before: PeerTable, after: PeerTable): { removed: string[]; upserted: Peer[] } {
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const upserted = [...after.values()].filter(
    (peer) => JSON.stringify(before.get(peer.publicKey)) !== JSON.stringify(peer),
  );
  return { removed, upserted };
}

/** The peer-state version the agent's table is at (from the last pull or applied update). */
export interface SyncPoint {
  epoch: string;
  version: number;
}

/**
 * What to do with a peer update given the version the table is at (decision 004): `apply` it, `skip` it (the
 * table already contains it, e.g. a pull overtook it) or `pull` in full (a delta that builds on a version the
 * agent never saw: a message was missed or the server restarted). Updates without a version (a server that does
 * not send one) are applied as they come.
 */
export function syncStep(
  at: SyncPoint | undefined,
  incoming: PeerSync | undefined,
  isFull: boolean,
): 'apply' | 'skip' | 'pull' {
  if (!incoming) return 'apply';
  const sameEpoch = at?.epoch === incoming.epoch;
  if (sameEpoch && incoming.version <= at.version) return 'skip';
  if (isFull) return 'apply';
  return sameEpoch && incoming.base === at.version ? 'apply' : 'pull';
}
