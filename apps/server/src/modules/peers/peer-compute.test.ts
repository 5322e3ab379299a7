import { describe, expect, it } from 'vitest';
import { fullPeers, indexMembers, peerEntry } from './peer-compute.ts';
import { key, memberRow, now } from './member-fixtures.ts';
import type { MemberRow } from './peers.repository.ts';

const member = (
  host: number,
  network: string,
  address: string,
  overrides: Partial<MemberRow> = {},
): MemberRow => memberRow(host, address, { node_id: `${network}-${host}`, network, ...overrides });

describe('peerEntry', () => {
  it('when two hosts share two networks, merges both addresses into one peer with the endpoint', () => {
    const index = indexMembers(
      [
        member(1, 'a', '10.0.0.1'),
        member(2, 'a', '10.0.0.2'),
        member(1, 'b', '10.1.0.1'),
        member(2, 'b', '10.1.0.2'),
      ],
      now,
    );
    const { peer } = peerEntry('h1', 'h2', index);
    expect(peer.AllowedIPs.map((ip) => ip.IP)).toEqual(['10.0.0.2', '10.1.0.2']);
    expect(peer.Endpoint).toEqual({ IP: '203.0.113.2', Port: 51821, Zone: '' });
    expect(peer.Remove).toBe(false);
  });

  it('when the peer is pending delete or disconnected, marks it for removal', () => {
    for (const change of [{ pending_delete: 1 }, { connected: 0 }]) {
      const index = indexMembers([member(1, 'a', '10.0.0.1'), member(2, 'a', '10.0.0.2', change)], now);
      expect(peerEntry('h1', 'h2', index).peer.Remove).toBe(true);
    }
  });

  it("when the receiver's own node is stale (> 1 h), gives it no peers from that network", () => {
    const stale = new Date(now - 2 * 3600_000).toISOString();
    const index = indexMembers(
      [member(1, 'a', '10.0.0.1', { last_check_in: stale }), member(2, 'a', '10.0.0.2')],
      now,
    );
    expect(peerEntry('h1', 'h2', index).peer.Remove).toBe(true);
  });

  it('when the peer has a NAT port and no static port, uses the public port, unless both share the public IP', () => {
    const natted = member(2, 'a', '10.0.0.2', { public_listen_port: 40000 });
    expect(
      peerEntry('h1', 'h2', indexMembers([member(1, 'a', '10.0.0.1'), natted], now)).peer.Endpoint?.Port,
    ).toBe(40000);
    const sameLan = indexMembers(
      [member(1, 'a', '10.0.0.1'), { ...natted, endpoint_ip: '203.0.113.1' }],
      now,
    );
    expect(peerEntry('h1', 'h2', sameLan).peer.Endpoint?.Port).toBe(51821);
  });
});

describe('peerEntry with access control', () => {
  it('when access control denies the pair, removes the peer and names the node as unpeered: blocked_by_policy (issue 41 metrics)', () => {
    const index = indexMembers(
      [member(1, 'a', '10.0.0.1'), member(2, 'a', '10.0.0.2'), member(3, 'a', '10.0.0.3')],
      now,
    );
    index.access = {
      reaches: (_net, from, to) => !(new Set([from, to]).has('a-1') && new Set([from, to]).has('a-2')),
      flow: () => ['all'],
      classOf: (_net, node) => node,
    };
    const denied = peerEntry('h1', 'h2', index);
    expect(denied.peer.Remove).toBe(true);
    expect(denied.ids[key(2)]).toMatchObject({
      id: 'a-2',
      address: '10.0.0.2',
      unpeered: 'blocked_by_policy',
    });
    const open = peerEntry('h1', 'h3', index);
    expect(open.peer.Remove).toBe(false);
    expect(open.ids[key(3)]?.unpeered).toBeUndefined();
    const { peers, ids } = fullPeers('h1', index);
    expect(peers).toHaveLength(1);
    expect(Object.keys(ids).sort()).toEqual([key(2), key(3)].sort());
  });
});

describe('fullPeers', () => {
  it('when a host is in two networks, lists every other host once and leaves out removed ones', () => {
    const index = indexMembers(
      [
        member(1, 'a', '10.0.0.1'),
        member(2, 'a', '10.0.0.2'),
        member(3, 'a', '10.0.0.3', { pending_delete: 1 }),
        member(1, 'b', '10.1.0.1'),
        member(4, 'b', '10.1.0.4'),
      ],
      now,
    );
    const { peers, ids } = fullPeers('h1', index);
    expect(peers.map((p) => p.AllowedIPs[0]?.IP)).toEqual(['10.0.0.2', '10.1.0.4']);
    expect(Object.keys(ids)).toEqual([key(2), key(4)]);
  });
});
