import { describe, expect, it } from 'vitest';
import type { PeerMap } from '@meshdeck/contracts';
import {
  RECENT_TRAFFIC_MS,
  buildReport,
  carriedLatencies,
  parseUapi,
  parseWgDump,
  pingAll,
  probeAddresses,
  targetsOf,
  trafficSeen,
} from './metrics-probe.ts';
import type { Peer } from './peer-state.ts';

const identity = (id: string, address4: string, network = 'net'): PeerMap[string] => ({
  id,
  host_id: `h-${id}`,
  address: address4,
  address4,
  address6: '',
  name: id,
  isserver: '',
  network,
  listen_port: 51821,
  is_extclient: false,
  username: '',
});
const peer = (publicKey: string, allowedIps: string[]): Peer => ({
  publicKey,
  endpoint: '192.0.2.1:51821',
  allowedIps,
  keepaliveSeconds: 20,
});

describe('metrics probe', () => {
  it('parseWgDump -> when wg prints its dump, reads endpoint, handshake and byte counters per peer', () => {
    const dump = [
      'PRIV\tPUB\t51821\toff',
      'KEYA\t(none)\t10.0.0.2:51821\t10.9.0.2/32\t1700000000\t1200\t3400\t20',
      'KEYB\t(none)\t(none)\t10.9.0.3/32\t0\t0\t148\toff',
    ].join('\n');
    const stats = parseWgDump(dump);
    expect(stats.get('KEYA')).toEqual({
      endpoint: '10.0.0.2:51821',
      latestHandshake: 1700000000,
      rxBytes: 1200,
      txBytes: 3400,
    });
    expect(stats.get('KEYB')).toEqual({ endpoint: undefined, latestHandshake: 0, rxBytes: 0, txBytes: 148 });
  });

  it("parseUapi -> when wireguard-go answers get=1 on its socket, reads the same fields as wg's dump, keyed in base64", () => {
    const hex = (byte: number) => Buffer.alloc(32, byte).toString('hex');
    const text = [
      `private_key=${hex(1)}`,
      'listen_port=51821',
      `public_key=${hex(2)}`,
      'endpoint=10.0.0.2:51821',
      'last_handshake_time_sec=1700000000',
      'last_handshake_time_nsec=5',
      'rx_bytes=1200',
      'tx_bytes=3400',
      'allowed_ip=10.9.0.2/32',
      `public_key=${hex(3)}`,
      'last_handshake_time_sec=0',
      'rx_bytes=0',
      'tx_bytes=148',
      'errno=0',
      '',
      '',
    ].join('\n');
    const stats = parseUapi(text);
    expect(stats.get(Buffer.alloc(32, 2).toString('base64'))).toEqual({
      endpoint: '10.0.0.2:51821',
      latestHandshake: 1700000000,
      rxBytes: 1200,
      txBytes: 3400,
    });
    expect(stats.get(Buffer.alloc(32, 3).toString('base64'))).toEqual({
      endpoint: undefined,
      latestHandshake: 0,
      rxBytes: 0,
      txBytes: 148,
    });
    expect(stats.size).toBe(2);
  });

  it('buildReport -> when peers are direct, relayed, silent or denied, names each path and reason', () => {
    const peerIds = new Map([
      ['A', identity('node-a', '10.9.0.2')],
      ['R', identity('node-r', '10.9.0.5')],
      ['C', identity('node-c', '10.9.0.7')],
      ['S', identity('node-s', '10.9.0.8')],
      ['D', identity('node-d', '10.9.0.9')],
      ['X', identity('node-x', '10.8.0.2', 'other')],
    ]);
    // R relays C (its allowed IPs carry C's /32); S never shook hands; D has no WireGuard peer (access denied).
    const peers = new Map([
      ['A', peer('A', ['10.9.0.2/32'])],
      ['R', peer('R', ['10.9.0.5/32', '10.9.0.7/32'])],
      ['S', peer('S', ['10.9.0.8/32'])],
    ]);
    const now = 1_700_000_100_000;
    const stats = new Map([
      ['A', { endpoint: '192.0.2.2:51821', latestHandshake: 1_700_000_090, rxBytes: 10, txBytes: 20 }],
      ['R', { endpoint: '192.0.2.5:51821', latestHandshake: 1_700_000_095, rxBytes: 30, txBytes: 40 }],
      ['S', { endpoint: undefined, latestHandshake: 0, rxBytes: 0, txBytes: 92 }],
    ]);
    const report = buildReport({
      nodeId: 'me',
      network: 'net',
      peers,
      peerIds,
      stats,
      latencies: new Map([
        ['A', 1.25],
        ['C', 3],
      ]),
      failedOver: new Map(),
      nowMs: now,
      agentUptimeS: 42.4,
      appliedPeerVersion: 7,
    });
    const byPeer = Object.fromEntries(report.peers.map((p) => [p.peer, p]));
    expect(report).toMatchObject({
      node_id: 'me',
      network: 'net',
      agent_uptime_s: 42,
      applied_peer_version: 7,
    });
    expect(Object.keys(byPeer).sort()).toEqual(['node-a', 'node-c', 'node-d', 'node-r', 'node-s']);
    expect(byPeer['node-a']).toMatchObject({
      reachable: true,
      latency_ms: 1.25,
      rx_bytes: 10,
      tx_bytes: 20,
      handshake_age_s: 10,
      path: 'direct',
    });
    expect(byPeer['node-c']).toMatchObject({
      reachable: true,
      path: 'relayed',
      via: 'node-r',
      reason: 'relayed',
    });
    expect(byPeer['node-s']).toMatchObject({ reachable: false, path: 'direct', reason: 'never_handshaken' });
    expect(byPeer['node-d']).toMatchObject({ reachable: false, path: 'none', reason: 'blocked_by_policy' });

    // The same pair handed to the failover node (R here): relayed through it, for the reason 'failover'.
    const failedOver = buildReport({
      nodeId: 'me',
      network: 'net',
      peers,
      peerIds,
      stats,
      latencies: new Map([['C', 3]]),
      failedOver: new Map([['C', 'node-r']]),
      nowMs: now,
      agentUptimeS: 42.4,
      appliedPeerVersion: 7,
    }).peers.find((p) => p.peer === 'node-c');
    expect(failedOver).toMatchObject({ reachable: true, path: 'relayed', via: 'node-r', reason: 'failover' });
  });

  it("buildReport -> when the server names a node unpeered, a relayed one goes through the relay's wide range and a blocked one is blocked even inside that range", () => {
    // This node is relayed by R, whose entry carries the whole network; the server names X relayed, Y blocked.
    const peerIds = new Map([
      ['R', identity('node-r', '10.9.0.5')],
      ['X', { ...identity('node-x', '10.9.0.6'), unpeered: 'relayed' as const }],
      ['Y', { ...identity('node-y', '10.9.0.7'), unpeered: 'blocked_by_policy' as const }],
      ['Z', { ...identity('node-z', '10.8.0.7'), unpeered: 'relayed' as const }],
    ]);
    const report = buildReport({
      nodeId: 'me',
      network: 'net',
      peers: new Map([['R', peer('R', ['10.9.0.5/32', '10.9.0.0/24'])]]),
      peerIds,
      stats: new Map([['R', { endpoint: undefined, latestHandshake: 1999, rxBytes: 5, txBytes: 5 }]]),
      latencies: new Map([['X', 4]]),
      failedOver: new Map(),
      nowMs: 2_000_000,
      agentUptimeS: 1,
      appliedPeerVersion: undefined,
    });
    const byPeer = Object.fromEntries(report.peers.map((p) => [p.peer, p]));
    expect(byPeer['node-x']).toMatchObject({
      reachable: true,
      path: 'relayed',
      via: 'node-r',
      reason: 'relayed',
    });
    expect(byPeer['node-y']).toMatchObject({ reachable: false, path: 'none', reason: 'blocked_by_policy' });
    // Relayed by the server's word, but no peer carries it yet: relayed and not reached, never "blocked".
    expect(byPeer['node-z']).toMatchObject({ reachable: false, path: 'relayed', reason: 'relayed' });
    expect(probeAddresses(targetsOf('net', new Map([['R', peer('R', ['10.9.0.0/24'])]]), peerIds))).toEqual([
      { key: 'R', address: '10.9.0.5' },
      { key: 'X', address: '10.9.0.6' },
    ]);
  });

  it('buildReport -> when the last handshake is older than WireGuard re-keys, says the handshake is stale', () => {
    const peerIds = new Map([['A', identity('node-a', '10.9.0.2')]]);
    const report = buildReport({
      nodeId: 'me',
      network: 'net',
      peers: new Map([['A', peer('A', ['10.9.0.2/32'])]]),
      peerIds,
      stats: new Map([['A', { endpoint: undefined, latestHandshake: 1000, rxBytes: 1, txBytes: 1 }]]),
      latencies: new Map(),
      failedOver: new Map(),
      nowMs: 2_000_000,
      agentUptimeS: 1,
      appliedPeerVersion: undefined,
    });
    expect(report.peers[0]).toMatchObject({ reachable: false, reason: 'handshake_stale' });
  });

  it('pingAll -> when some addresses answer, keeps the answers by peer key and probes each once', async () => {
    const targets = targetsOf(
      'net',
      new Map([['A', peer('A', ['10.9.0.2/32'])]]),
      new Map([
        ['A', identity('node-a', '10.9.0.2')],
        ['D', identity('node-d', '10.9.0.9')],
      ]),
    );
    const asked: string[] = [];
    const latencies = await pingAll(probeAddresses(targets), 4, (address) => {
      asked.push(address);
      return Promise.resolve(address === '10.9.0.2' ? 0.5 : undefined);
    });
    expect(asked).toEqual(['10.9.0.2']);
    expect([...latencies]).toEqual([['A', 0.5]]);
  });

  it('trafficSeen + buildReport -> when a peer stops sending and answers no ping, it turns unreachable though its handshake is recent', () => {
    const seen = new Map<string, { rx: number; at: number }>();
    const stats = (rx: number) =>
      new Map([['A', { endpoint: undefined, latestHandshake: 1_000, rxBytes: rx, txBytes: 1 }]]);
    expect(trafficSeen(seen, stats(100), 1_000_000).get('A')).toBe(1_000_000);
    expect(trafficSeen(seen, stats(180), 1_020_000).get('A')).toBe(1_020_000);
    const later = 1_020_000 + RECENT_TRAFFIC_MS + 1;
    const lastReceived = trafficSeen(seen, stats(180), later);
    expect(lastReceived.get('A')).toBe(1_020_000);
    const input = {
      nodeId: 'me',
      network: 'net',
      peers: new Map([['A', peer('A', ['10.9.0.2/32'])]]),
      peerIds: new Map([['A', identity('node-a', '10.9.0.2')]]),
      stats: stats(180),
      latencies: new Map<string, number>(),
      failedOver: new Map<string, string>(),
      nowMs: later,
      agentUptimeS: 1,
      appliedPeerVersion: undefined,
    };
    expect(buildReport({ ...input, lastReceived }).peers[0]).toMatchObject({
      reachable: false,
      reason: 'no_answer',
    });
    expect(buildReport({ ...input, lastReceived, latencies: new Map([['A', 2]]) }).peers[0]).toMatchObject({
      reachable: true,
    });
  });

  it('carriedLatencies -> when a report is sent between two pings, keeps the last round trip only for peers still reachable', () => {
    const nowS = 2_000;
    const stats = new Map([
      ['A', { endpoint: undefined, latestHandshake: nowS - 10, rxBytes: 10, txBytes: 1 }],
      ['B', { endpoint: undefined, latestHandshake: nowS - 900, rxBytes: 10, txBytes: 1 }],
    ]);
    const peerIds = new Map([
      ['A', identity('node-a', '10.9.0.2')],
      ['B', identity('node-b', '10.9.0.3')],
      ['C', identity('node-c', '10.9.0.4')],
    ]);
    const peers = new Map([
      ['A', peer('A', ['10.9.0.2/32'])],
      ['B', peer('B', ['10.9.0.3/32'])],
      ['C', peer('C', ['10.9.0.4/32'])],
    ]);
    const targets = targetsOf('net', peers, peerIds);
    const bare = buildReport({
      nodeId: 'me',
      network: 'net',
      peers,
      peerIds,
      stats,
      targets,
      latencies: new Map(),
      failedOver: new Map(),
      nowMs: nowS * 1000,
      agentUptimeS: 1,
      appliedPeerVersion: undefined,
    });
    // A shook hands 10 s ago (reachable); B's handshake is stale; C never had one and was never pinged.
    const carried = carriedLatencies(
      new Map([
        ['A', 3.5],
        ['B', 4],
        ['C', 9],
      ]),
      targets,
      bare,
    );
    expect([...carried]).toEqual([['A', 3.5]]);
    expect(carriedLatencies(undefined, targets, bare).size).toBe(0);
  });
});
