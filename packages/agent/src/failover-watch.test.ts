import { describe, expect, it } from 'vitest';
import type { RawNode } from '@meshdeck/contracts';
import {
  NEVER_HANDSHAKEN_MS,
  PROBE_KEEPALIVE_SECONDS,
  RETRY_MS,
  STALE_HANDSHAKE_MS,
  failedOverPairs,
  failoverAsks,
  fallBacks,
  probePeers,
} from './failover-watch.ts';
import { FailoverControl } from './failover-control.ts';
import type { Peer } from './peer-state.ts';
import { ThrottledLog } from './throttled-log.ts';

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

  it('when the path watch found the direct path of a connected peer broken, asks at once with its reason, fresh handshake or not', () => {
    const found = failoverAsks({
      peers: new Map([peer('K=', '10.1.0.3:51821')]),
      peerIds: new Map([['K=', identity('peer-node')]]),
      ownNodes: new Map([['office', 'own-node']]),
      handshakes: new Map([['K=', (NOW - 20_000) / 1000]]),
      broken: new Map([['K=', 'nothing back for 4 s while sending; 3 probes unanswered']]),
      firstSeen: new Map([['K=', NOW - 60_000]]),
      lastAsked: new Map(),
      now: NOW,
    });
    expect(found).toEqual([
      {
        peerKey: 'K=',
        nodeId: 'own-node',
        peerNodeId: 'peer-node',
        network: 'office',
        why: 'nothing back for 4 s while sending; 3 probes unanswered',
      },
    ]);
  });

  it('when the peer has no endpoint (it dials in, or a relay carries it) or was asked about recently, asks nothing', () => {
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS, endpoint: undefined })).toEqual([]);
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS, askedAgoMs: RETRY_MS - 1 })).toEqual([]);
    expect(asks({ seenAgoMs: NEVER_HANDSHAKEN_MS, askedAgoMs: RETRY_MS })).toHaveLength(1);
  });
});

describe('failover fall-back', () => {
  const pair = { nodeId: 'own-node', peerNodeId: 'peer-node', network: 'office' };
  const direct = new Map([['peer-node', { publicKey: 'K=', endpoint: '10.1.0.3:51821', name: 'c' }]]);
  const ends = (overrides: {
    handshake?: number;
    sinceAgoMs?: number;
    endedAgoMs?: number;
    known?: boolean;
  }) =>
    fallBacks({
      pairs: [pair],
      direct: overrides.known === false ? new Map() : direct,
      handshakes: new Map([['K=', overrides.handshake ?? 0]]),
      since: new Map([['own-node/peer-node', NOW - (overrides.sinceAgoMs ?? 60_000)]]),
      lastEnded: new Map(
        overrides.endedAgoMs === undefined ? [] : [['own-node/peer-node', NOW - overrides.endedAgoMs]],
      ),
      now: NOW,
    });

  it('when a node lists failed-over peers, they are its pairs; a node on its way out has none', () => {
    const node = (id: string, peers: string[], pendingdelete = false) =>
      ({
        id,
        network: 'office',
        fail_over_peers: Object.fromEntries(peers.map((p) => [p, {}])),
        pendingdelete,
        action: 'noop',
      }) as unknown as RawNode;
    expect(failedOverPairs([node('n1', ['p1', 'p2']), node('n2', ['p3'], true)])).toEqual([
      { nodeId: 'n1', peerNodeId: 'p1', network: 'office' },
      { nodeId: 'n1', peerNodeId: 'p2', network: 'office' },
    ]);
  });

  it('when a pair is failed over and the server no longer lists the peer, a handshake-only probe peer stands in for it', () => {
    expect(probePeers([pair], direct, new Map())).toEqual([
      {
        publicKey: 'K=',
        endpoint: '10.1.0.3:51821',
        allowedIps: [],
        keepaliveSeconds: PROBE_KEEPALIVE_SECONDS,
      },
    ]);
    const listed = new Map([
      ['K=', { publicKey: 'K=', endpoint: undefined, allowedIps: ['10.0.0.3/32'], keepaliveSeconds: 20 }],
    ]);
    expect(probePeers([pair], direct, listed)).toEqual([]);
    expect(probePeers([pair], new Map(), new Map())).toEqual([]);
  });

  it('when the probe shakes hands after the pair was failed over, ends the pair; an older handshake does not', () => {
    expect(ends({ handshake: (NOW - 1_000) / 1000 })).toEqual([
      { ...pair, why: 'a direct handshake completed' },
    ]);
    expect(ends({ handshake: (NOW - 120_000) / 1000 })).toEqual([]);
    expect(ends({})).toEqual([]);
  });

  it('when the peer key is unknown (the agent restarted while failed over), ends the pair to try direct again', () => {
    expect(ends({ known: false })[0]?.why).toMatch(/unknown to this agent since a restart/);
  });

  it('when the pair was ended recently, waits before trying again', () => {
    expect(ends({ handshake: NOW / 1000, endedAgoMs: RETRY_MS - 1 })).toEqual([]);
    expect(ends({ handshake: NOW / 1000, endedAgoMs: RETRY_MS })).toHaveLength(1);
  });
});

describe('FailoverControl.failedOver', () => {
  it("when this host's node is failed over with a peer, names the peer's key with the failover node (the metrics report's via), even once the server no longer lists the peer", () => {
    const control = new FailoverControl(
      { failoverMe: () => Promise.resolve(), endFailover: () => Promise.resolve() },
      () => Promise.resolve(new Map()),
      () => undefined,
      new ThrottledLog(() => undefined),
    );
    const own = {
      id: 'own-node',
      network: 'office',
      fail_over_peers: { 'peer-node': {} },
      failed_over_by: 'failover-node',
      pendingdelete: false,
      action: 'noop',
    } as unknown as RawNode;
    const peerIds = new Map([
      ['K=', identity('peer-node')],
      ['L=', identity('other-node')],
    ]);
    control.nodes([own]);
    expect(control.failedOver(peerIds)).toEqual(new Map([['K=', 'failover-node']]));
    // Once the server stops listing the peer (its pair has no entry of its own), its identity is remembered.
    control.peers(new Map([peer('K=', '10.1.0.3:51821')]), peerIds);
    const withoutK = new Map([['L=', identity('other-node')]]);
    expect(control.reportedPeerIds(withoutK).get('K=')).toEqual(identity('peer-node'));
    expect(control.failedOver(withoutK)).toEqual(new Map([['K=', 'failover-node']]));
    control.nodes([{ ...own, fail_over_peers: {}, failed_over_by: '' }]);
    expect(control.failedOver(peerIds)).toEqual(new Map());
  });
});
