import { execFile } from 'node:child_process';
import type { MetricsReport, PeerMap, PeerSample } from '@meshdeck/contracts';
import type { PeerTable } from './peer-state.ts';

/**
 * Per-peer metrics (issue 41): what WireGuard says of each peer (bytes, last handshake, endpoint), a ping through
 * the tunnel for the round trip, and the path the pair takes. Pure decisions here (`buildReports`), the probes in
 * `pingOnce`; the agent loop runs them every interval and publishes one report per node.
 */

/** What `wg show <iface> dump` says of one peer. */
export interface WireguardPeerStats {
  endpoint: string | undefined;
  /** Seconds since the epoch of the latest handshake; 0 = never. */
  latestHandshake: number;
  rxBytes: number;
  txBytes: number;
}

/** WireGuard re-keys every 2 minutes while traffic flows; no handshake for 3 minutes means no working session. */
export const FRESH_HANDSHAKE_S = 180;
/**
 * A peer whose bytes kept arriving this recently is alive even when it does not answer pings (access control may
 * narrow ICMP): the agents' keepalives (20-25 s) reach it well within this.
 */
export const RECENT_TRAFFIC_MS = 60_000;

/** Parses the peer lines of `wg show <iface> dump` (the first line is the interface itself). */
export function parseWgDump(text: string): Map<string, WireguardPeerStats> {
  const peers = new Map<string, WireguardPeerStats>();
  for (const line of text.split('\n').slice(1)) {
    const fields = line.split('\t');
    if (fields.length < 8) continue;
    const [key, , endpoint, , handshake, rx, tx] = fields;
    peers.set(key!, {
      endpoint: endpoint && endpoint !== '(none)' ? endpoint : undefined,
      latestHandshake: Number(handshake) || 0,
      rxBytes: Number(rx) || 0,
      txBytes: Number(tx) || 0,
    });
  }
  return peers;
}

/**
 * Parses wireguard-go's answer to `get=1` on its control socket (the cross-platform userspace API: `key=value`
 * lines, each peer starting at its hex `public_key`), into the same shape as {@link parseWgDump}.
 */
export function parseUapi(text: string): Map<string, WireguardPeerStats> {
  const peers = new Map<string, WireguardPeerStats>();
  let current: WireguardPeerStats | undefined;
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const [key, value] = [line.slice(0, at), line.slice(at + 1)];
    if (key === 'public_key') {
      current = { endpoint: undefined, latestHandshake: 0, rxBytes: 0, txBytes: 0 };
      peers.set(Buffer.from(value, 'hex').toString('base64'), current);
    } else if (!current) continue;
    else if (key === 'endpoint') current.endpoint = value || undefined;
    else if (key === 'last_handshake_time_sec') current.latestHandshake = Number(value) || 0;
    else if (key === 'rx_bytes') current.rxBytes = Number(value) || 0;
    else if (key === 'tx_bytes') current.txBytes = Number(value) || 0;
  }
  return peers;
}

/** One peer identity the agent knows of, with where the agent stands with it. */
interface Target {
  key: string;
  identity: PeerMap[string];
  /** The WireGuard peer that carries the traffic (itself when direct), by public key; undefined when none does. */
  carrierKey: string | undefined;
}

/** Whether an address (no prefix) falls in an allowed-IPs entry, for the host routes WireGuard peers carry. */
function carries(allowed: readonly string[], address: string): boolean {
  return allowed.some((cidr) => {
    const [base, bits] = cidr.split('/');
    if (base === address) return true;
    // Wider ranges (a relay carries its relayed nodes' /32s, an egress its LAN): compare IPv4 prefixes.
    if (!bits || address.includes(':') || base?.includes(':')) return false;
    const toInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const size = Number(bits);
    if (size === 0) return false;
    const mask = size >= 32 ? 0xffffffff : ~(2 ** (32 - size) - 1) >>> 0;
    return (toInt(base!) & mask) >>> 0 === (toInt(address) & mask) >>> 0;
  });
}

const addressOf = (identity: PeerMap[string]): string | undefined =>
  [identity.address4, identity.address, identity.address6]
    .map((a) => a.split('/')[0] ?? '')
    .find((a) => a !== '');

/** Each known peer identity of one network with the WireGuard peer (direct, or a relay) that carries it. */
export function targetsOf(network: string, peers: PeerTable, peerIds: ReadonlyMap<string, PeerMap[string]>) {
  const targets: Target[] = [];
  for (const [key, identity] of peerIds) {
    if (identity.network !== network || identity.id === '') continue;
    if (peers.has(key)) {
      targets.push({ key, identity, carrierKey: key });
      continue;
    }
    // Access control denies the pair: no peer carries it, whatever a relay's wide allowed IPs would match.
    if (identity.unpeered === 'blocked_by_policy') {
      targets.push({ key, identity, carrierKey: undefined });
      continue;
    }
    const address = addressOf(identity);
    const carrier =
      address === undefined
        ? undefined
        : [...peers.values()].find((peer) => carries(peer.allowedIps, address));
    targets.push({ key, identity, carrierKey: carrier?.publicKey });
  }
  return targets;
}

export interface ProbeInput {
  nodeId: string;
  network: string;
  peers: PeerTable;
  peerIds: ReadonlyMap<string, PeerMap[string]>;
  stats: ReadonlyMap<string, WireguardPeerStats>;
  /** Round trips by peer public key (ms); a key without an entry got no answer or was not probed. */
  latencies: ReadonlyMap<string, number>;
  /** When bytes last arrived from each WireGuard peer (epoch ms), by public key; see `trafficSeen`. */
  lastReceived?: ReadonlyMap<string, number>;
  /** Peers currently handed to the failover node, by public key, with the failover node's id. */
  failedOver: ReadonlyMap<string, string>;
  nowMs: number;
  agentUptimeS: number;
  appliedPeerVersion: number | undefined;
  /** This node's targets when the caller already has them (`targetsOf`); computed otherwise. */
  targets?: readonly Target[];
}

/** One node's report from what was measured. */
export function buildReport(input: ProbeInput): MetricsReport {
  const samples: PeerSample[] = [];
  const nodeIdOfKey = (key: string | undefined) =>
    key === undefined ? undefined : input.peerIds.get(key)?.id || undefined;
  for (const target of input.targets ?? targetsOf(input.network, input.peers, input.peerIds)) {
    const carrier = target.carrierKey === undefined ? undefined : input.stats.get(target.carrierKey);
    const handshakeAge =
      carrier && carrier.latestHandshake > 0
        ? Math.max(0, Math.round(input.nowMs / 1000 - carrier.latestHandshake))
        : undefined;
    const latency = input.latencies.get(target.key);
    const fresh = handshakeAge !== undefined && handshakeAge < FRESH_HANDSHAKE_S;
    const heardAt = target.carrierKey === undefined ? undefined : input.lastReceived?.get(target.carrierKey);
    const heard = heardAt !== undefined && input.nowMs - heardAt <= RECENT_TRAFFIC_MS;
    // An answered ping says it all; without one, bytes that keep arriving over a live session still do.
    const reachable = latency !== undefined || (fresh && (input.lastReceived === undefined || heard));
    const isDirect = target.carrierKey === target.key;
    const failover = input.failedOver.get(target.key);
    const sample: PeerSample = {
      peer: target.identity.id,
      reachable,
      ...(latency === undefined ? {} : { latency_ms: Math.round(latency * 1000) / 1000 }),
      rx_bytes: isDirect ? (carrier?.rxBytes ?? 0) : 0,
      tx_bytes: isDirect ? (carrier?.txBytes ?? 0) : 0,
      ...(handshakeAge === undefined ? {} : { handshake_age_s: handshakeAge }),
      ...(carrier?.endpoint ? { endpoint: carrier.endpoint } : {}),
      path: 'direct',
    };
    if (target.carrierKey === undefined && target.identity.unpeered === 'relayed') {
      // The server says a relay carries it, but no peer's allowed IPs hold it yet: relayed, and not reached.
      sample.path = 'relayed';
      sample.reason = 'relayed';
      sample.reachable = false;
    } else if (target.carrierKey === undefined) {
      // No WireGuard peer carries it: the server gave the pair no allowed IPs, which is what access control does.
      sample.path = 'none';
      sample.reason = 'blocked_by_policy';
      sample.reachable = false;
    } else if (failover !== undefined) {
      sample.path = 'relayed';
      sample.via = failover;
      sample.reason = 'failover';
    } else if (!isDirect) {
      sample.path = 'relayed';
      const via = nodeIdOfKey(target.carrierKey);
      if (via) sample.via = via;
      sample.reason = 'relayed';
    } else if (!reachable) {
      sample.reason =
        handshakeAge === undefined ? 'never_handshaken' : fresh ? 'no_answer' : 'handshake_stale';
    }
    samples.push(sample);
  }
  return {
    node_id: input.nodeId,
    network: input.network,
    collected_at: input.nowMs,
    agent_uptime_s: Math.max(0, Math.round(input.agentUptimeS)),
    ...(input.appliedPeerVersion === undefined ? {} : { applied_peer_version: input.appliedPeerVersion }),
    peers: samples,
  };
}

/**
 * Records when bytes last arrived from each peer: `seen` keeps, per key, the receive counter and when it last grew.
 * Returns the times, for `buildReport`'s `lastReceived`.
 */
export function trafficSeen(
  seen: Map<string, { rx: number; at: number }>,
  stats: ReadonlyMap<string, WireguardPeerStats>,
  nowMs: number,
): Map<string, number> {
  const times = new Map<string, number>();
  for (const [key, peer] of stats) {
    const before = seen.get(key);
    const at =
      before === undefined || peer.rxBytes > before.rx ? (peer.rxBytes > 0 ? nowMs : -Infinity) : before.at;
    seen.set(key, { rx: peer.rxBytes, at });
    times.set(key, at);
  }
  for (const key of seen.keys()) if (!stats.has(key)) seen.delete(key);
  return times;
}

/** The reachability of each peer a report shows, to tell when a state changed between two reports. */
export const reachability = (report: MetricsReport): string =>
  report.peers
    .map((p) => `${p.peer}:${p.reachable ? 1 : 0}:${p.path}:${p.via ?? ''}`)
    .sort()
    .join(',');

/**
 * Round trips a report sent between two full measurements carries over from the last one: only for peers that are
 * still reachable by WireGuard's own evidence (`bare`, built without pings, lists the targets in order), so a peer
 * that just went quiet never shows an old latency. Quick reports never ping: during a join wave every agent sees
 * peers appear every few seconds, and a ping per peer each time is hundreds of processes a second on a small host.
 */
export function carriedLatencies(
  previous: ReadonlyMap<string, number> | undefined,
  targets: readonly { key: string }[],
  bare: MetricsReport,
): Map<string, number> {
  const carried = new Map<string, number>();
  targets.forEach((target, i) => {
    const ms = previous?.get(target.key);
    if (ms !== undefined && bare.peers[i]?.reachable) carried.set(target.key, ms);
  });
  return carried;
}

/** The addresses to ping: one per directly or relay-carried peer that access control lets through. */
export function probeAddresses(networkTargets: readonly Target[]): { key: string; address: string }[] {
  return networkTargets.flatMap((target) => {
    const address = target.carrierKey === undefined ? undefined : addressOf(target.identity);
    return address === undefined ? [] : [{ key: target.key, address }];
  });
}

/**
 * One ICMP echo through the tunnel with the system's `ping` (Node.js has no raw sockets); resolves to the round
 * trip in ms, or undefined without an answer. `timeoutS` bounds the wait, so a dead peer costs one timeout.
 */
export function pingOnce(address: string, timeoutS = 2): Promise<number | undefined> {
  const args = [...(address.includes(':') ? ['-6'] : []), '-n', '-c', '1', '-W', String(timeoutS), address];
  return new Promise((resolve) => {
    execFile('ping', args, { timeout: (timeoutS + 2) * 1000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      const match = /time[=<]([\d.]+)\s*ms/.exec(stdout);
      resolve(match ? Number(match[1]) : undefined);
    });
  });
}

/** Pings many addresses with at most `parallel` probes at once. */
export async function pingAll(
  targets: readonly { key: string; address: string }[],
  parallel = 16,
  ping: (address: string) => Promise<number | undefined> = pingOnce,
): Promise<Map<string, number>> {
  const results = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++]!;
      const ms = await ping(target.address);
      if (ms !== undefined) results.set(target.key, ms);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, targets.length) }, worker));
  return results;
}
