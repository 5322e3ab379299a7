import { describe, expect, it } from 'vitest';
import { NEVER_HANDSHAKEN_MS, RETRY_MS, STALE_HANDSHAKE_MS, failoverAsks } from './failover-watch.ts';
import type { Peer } from './peer-state.ts';

const NOW = 1_000_000_000;
const peer = (key: string, endpoint: string | undefined): [string, Peer] => [
  key,
  { publicKey: key, endpoint, allowedIps: ['10.0.0.2/32'], keepaliveSeconds: 20 },
];
const identity = (id: string) => ({
  id,
  host_id: `host-${id}`,
  address: '10.0.0.2',
  address4: '10.0.0.2',
  address6: '',
  name: `name-${id}`,
  isserver: 'no',
  network: 'office',
  listen_port: 51821,
  is_extclient: false,
  username: '',
});
const asks = (overrides: {
  handshake?: number;
  seenAgoMs?: number;
  askedAgoMs?: number;
  endpoint?: string | undefined;
}) =>
  failoverAsks({
    peers: new Map([peer('K=', 'endpoint' in overrides ? overrides.endpoint : '10.1.0.3:51821')]),
    peerIds: new Map([['K=', identity('peer-node')]]),
    ownNodes: new Map([['office', 'own-node']]),
    handshakes: new Map([['K=', overrides.handshake ?? 0]]),
    firstSeen: new Map([['K=', NOW - (overrides.seenAgoMs ?? 0)]]),
    lastAsked: new Map(overrides.askedAgoMs === undefined ? [] : [['K=', NOW - overrides.askedAgoMs]]),
    now: NOW,
  });

describe('failoverAsks', () => {
  it('when a direct peer never completed a handshake for long enough, asks for the pair by node ids', () => {
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS })).toEqual([
      {
        peerKey: 'K=',
        nodeId: 'own-node',
        peerNodeId: 'peer-node',
        network: 'office',
        why: 'no handshake in 15 s',
      },
    ]);
  });

  it('when the peer is new, or has a fresh handshake, asks nothing', () => {
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS - 1 })).toEqual([]);
    expect(asks({ seenAgoMs: STALE_HANDSHAKE_MS * 2, handshake: (NOW - 10_000) / 1000 })).toEqual([]);
  });

  it('when the last handshake is long past, asks and says how long', () => {
    const [ask] = asks({ seenAgoMs: STALE_HANDSHAKE_MS * 2, handshake: (NOW - STALE_HANDSHAKE_MS) / 1000 });
    expect(ask?.why).toBe('last handshake 180 s ago');
  });

  it('when the peer has no endpoint (it dials in, or a relay carries it) or was asked about recently, asks nothing', () => {
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS, endpoint: undefined })).toEqual([]);
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS, askedAgoMs: RETRY_MS - 1 })).toEqual([]);
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS, askedAgoMs: RETRY_MS })).toHaveLength(1);
  });
});
