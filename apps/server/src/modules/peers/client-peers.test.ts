import { describe, expect, it } from 'vitest';
import type { ClientPeerRow } from './client-peers.ts';
import { fullPeers, indexMembers, peerEntry } from './peer-compute.ts';
import { key, memberRow, now } from './member-fixtures.ts';

const member = memberRow;
const client = (n: number, gateway: string, extra: string[] = []): ClientPeerRow => ({
  client_id: `client-${n}`,
  gateway_node_id: gateway,
  network: 'a',
  address: `10.0.0.${250 + n}`,
  address6: null,
  public_key: key(100 + n),
  extra_allowed_ips: JSON.stringify(extra),
});
const ips = (nets: { IP: string; Mask: string | null }[]) => nets.map((net) => `${net.IP}|${net.Mask}`);

describe('peer computation with external clients (api-contract §5.8 steps 3-4)', () => {
  const members = [member(1, '10.0.0.1'), member(2, '10.0.0.2')];

  it('when a host is a gateway, its full list holds one peer per client with the client ranges and no endpoint', () => {
    const index = indexMembers(members, now, [client(1, 'node-1', ['192.168.50.0/24']), client(2, 'node-1')]);
    const { peers, ids } = fullPeers('h1', index);
    expect(peers).toHaveLength(3);
    const first = peers.find(
      (p) => JSON.stringify(p.PublicKey) === JSON.stringify([...Buffer.from(key(101), 'base64')]),
    );
    expect(first).toMatchObject({
      Remove: false,
      Endpoint: null,
      PersistentKeepaliveInterval: null,
      ReplaceAllowedIPs: true,
    });
    expect(ips(first!.AllowedIPs)).toEqual(['10.0.0.251|/////w==', '192.168.50.0|////AA==']);
    expect(ids[key(101)]).toMatchObject({ id: 'client-1', is_extclient: true });
  });

  it('when a host is not the gateway, it gets no client peers but the clients ranges on the gateway peer', () => {
    const index = indexMembers(members, now, [client(1, 'node-1', ['192.168.50.0/24'])]);
    expect(fullPeers('h2', index).peers).toHaveLength(1);
    const { peer } = peerEntry('h2', 'h1', index);
    expect(ips(peer.AllowedIPs)).toEqual([
      '10.0.0.1|/////w==',
      '10.0.0.251|/////w==',
      '192.168.50.0|////AA==',
    ]);
  });

  it('when the gateway node is disconnected, neither it nor its clients appear anywhere', () => {
    const index = indexMembers([member(1, '10.0.0.1', { connected: 0 }), member(2, '10.0.0.2')], now, [
      client(1, 'node-1'),
    ]);
    expect(fullPeers('h1', index).peers).toHaveLength(0);
    expect(peerEntry('h2', 'h1', index).peer.Remove).toBe(true);
  });

  it('when there are no clients (disabled ones are not loaded), nothing changes', () => {
    const index = indexMembers(members, now);
    expect(fullPeers('h1', index).peers).toHaveLength(1);
    expect(ips(peerEntry('h2', 'h1', index).peer.AllowedIPs)).toEqual(['10.0.0.1|/////w==']);
  });
});
