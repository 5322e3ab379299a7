import { describe, expect, it } from 'vitest';
import { hostRouting } from './host-routing.ts';
import { key, memberRow, now } from './member-fixtures.ts';
import { fullPeers, indexMembers, peerEntry } from './peer-compute.ts';
import type { MemberRow } from './peers.repository.ts';

/** A member of network `a` (10.0.0.0/24, fd00::/64) whose settings carry `roles`. */
const node = (host: number, roles: Record<string, unknown> = {}, overrides: Partial<MemberRow> = {}) =>
  memberRow(host, `10.0.0.${host}`, {
    address6: `fd00::${host}`,
    network_range6: 'fd00::/64',
    settings: JSON.stringify(roles),
    ...overrides,
  });
const allowed = (receiver: number, subject: number, rows: MemberRow[]) =>
  peerEntry(`h${receiver}`, `h${subject}`, indexMembers(rows, now)).peer;
const cidrs = (peer: { AllowedIPs: { IP: string; Mask: string | null }[] }) =>
  peer.AllowedIPs.map(
    (net) =>
      `${net.IP}/${Buffer.from(net.Mask ?? '', 'base64').reduce((bits, byte) => bits + byte.toString(2).replaceAll('0', '').length, 0)}`,
  );
const egress = (ranges: [string, number, boolean][]) => ({
  isegressgateway: true,
  egressgatewayranges: ranges.map(([network]) => network),
  egressgatewayranges_with_metric: ranges.map(([network, route_metric, nat]) => ({
    network,
    route_metric,
    nat,
  })),
});

describe('relays (api-contract §5.8)', () => {
  // 2 relays 1 and 3; 4 is plain.
  const rows = [
    node(1, { isrelayed: true, relayedby: 'node-2' }),
    node(2, { isrelay: true, relaynodes: ['node-1', 'node-3'] }),
    node(3, { isrelayed: true, relayedby: 'node-2' }),
    node(4),
  ];

  it('when a node is relayed, its only peer is the relay, which carries the whole network', () => {
    const { peers } = fullPeers('h1', indexMembers(rows, now));
    expect(peers.map((p) => p.PublicKey)).toEqual([[...Buffer.from(key(2), 'base64')]]);
    expect(cidrs(peers[0]!)).toEqual(['10.0.0.2/32', 'fd00::2/128', '10.0.0.0/24', 'fd00::/64']);
  });

  it("when a plain node looks at the relay, the relay's entry carries its relayed nodes and theirs are removed", () => {
    expect(cidrs(allowed(4, 2, rows))).toEqual([
      '10.0.0.2/32',
      'fd00::2/128',
      '10.0.0.1/32',
      'fd00::1/128',
      '10.0.0.3/32',
      'fd00::3/128',
    ]);
    expect(allowed(4, 1, rows).Remove).toBe(true);
    expect(allowed(1, 3, rows).Remove).toBe(true);
  });

  it('when a relay stands between two nodes, the removed entry still names the node as unpeered: relayed (issue 41 metrics)', () => {
    const index = indexMembers(rows, now);
    expect(peerEntry('h1', 'h3', index).ids[key(3)]).toMatchObject({ id: 'node-3', unpeered: 'relayed' });
    expect(peerEntry('h4', 'h1', index).ids[key(1)]).toMatchObject({ id: 'node-1', unpeered: 'relayed' });
    // A relayed node's whole list: its relay as the only peer, and every other node's identity.
    const { peers, ids } = fullPeers('h1', index);
    expect(peers).toHaveLength(1);
    expect(Object.keys(ids).sort()).toEqual([key(2), key(3), key(4)].sort());
    expect(ids[key(2)]?.unpeered).toBeUndefined();
  });

  it('when the relay looks at a relayed node, the node has no endpoint (it dials in)', () => {
    const peer = allowed(2, 1, rows);
    expect(peer.Remove).toBe(false);
    expect(peer.Endpoint).toBeNull();
    expect(allowed(4, 2, rows).Endpoint).not.toBeNull();
  });

  it('when the relay is gone or disconnected, its nodes are reached directly again', () => {
    const withoutRelay = [rows[0]!, rows[2]!, rows[3]!];
    expect(cidrs(allowed(4, 1, withoutRelay))).toEqual(['10.0.0.1/32', 'fd00::1/128']);
    const disconnected = [rows[0]!, { ...rows[1]!, connected: 0 }, rows[2]!, rows[3]!];
    expect(allowed(4, 1, disconnected).Remove).toBe(false);
  });
});

describe('egress gateways', () => {
  it("when a node routes a range, the range joins its entry's allowed IPs and the receiver's routes with metric and NAT", () => {
    const rows = [node(1), node(2, egress([['192.168.1.0/24', 256, true]]))];
    expect(cidrs(allowed(1, 2, rows))).toContain('192.168.1.0/24');
    const routing = hostRouting('h1', indexMembers(rows, now));
    expect(routing.egress_network_routes).toEqual([
      expect.objectContaining({
        peer_key: [...Buffer.from(key(2), 'base64')],
        egress_gw_addr: '10.0.0.2',
        node_addr: '10.0.0.1',
        egress_ranges: ['192.168.1.0/24'],
        egress_ranges_metric: [{ network: '192.168.1.0/24', route_metric: 256, nat: true }],
        active_ranges: ['192.168.1.0/24'],
        node_id: 'node-2',
      }),
    ]);
    const own = hostRouting('h2', indexMembers(rows, now));
    expect(own.fw_update.is_egress_gw).toBe(true);
    expect(own.fw_update.egress_info['node-2']?.egress_gateway_cfg).toEqual({
      ranges: ['192.168.1.0/24'],
      ranges_with_metric: [{ network: '192.168.1.0/24', route_metric: 256, nat: true }],
      natenabled: 'yes',
    });
  });

  it('when a stored range holds a field the agent wire does not list, then neither the gateway nor its receivers are sent it', () => {
    const stored = egress([['192.168.1.0/24', 256, true]]);
    const ranges = stored.egressgatewayranges_with_metric.map((range) => ({
      ...range,
      description: 'printers on floor 2',
    }));
    const rows = [node(1), node(2, { ...stored, egressgatewayranges_with_metric: ranges })];
    const receiver = hostRouting('h1', indexMembers(rows, now));
    const gateway = hostRouting('h2', indexMembers(rows, now));
    expect(receiver.egress_network_routes[0]?.egress_ranges_metric).toEqual([
      { network: '192.168.1.0/24', route_metric: 256, nat: true },
    ]);
    expect(gateway.fw_update.egress_info['node-2']?.egress_gateway_cfg.ranges_with_metric).toEqual([
      { network: '192.168.1.0/24', route_metric: 256, nat: true },
    ]);
    expect(JSON.stringify([receiver, gateway])).not.toContain('description');
  });

  it('when two gateways serve one range, only the lower metric carries it, both reach the agent, and the other takes over when it goes', () => {
    const rows = [
      node(1),
      node(2, egress([['192.168.1.0/24', 20, true]])),
      node(3, egress([['192.168.1.0/24', 10, false]])),
    ];
    expect(cidrs(allowed(1, 3, rows))).toContain('192.168.1.0/24');
    expect(cidrs(allowed(1, 2, rows))).not.toContain('192.168.1.0/24');
    const routes = hostRouting('h1', indexMembers(rows, now)).egress_network_routes;
    expect(routes.map((r) => [r.node_id, r.egress_ranges_metric[0]?.route_metric, r.active_ranges])).toEqual([
      ['node-2', 20, []],
      ['node-3', 10, ['192.168.1.0/24']],
    ]);
    const failed = [rows[0]!, rows[1]!, { ...rows[2]!, connected: 0 }];
    expect(cidrs(allowed(1, 2, failed))).toContain('192.168.1.0/24');
  });

  it("when the receiver routes the range itself, or the range holds the gateway's endpoint, it is left out", () => {
    const rows = [
      node(1, egress([['192.168.1.0/24', 10, true]])),
      node(
        2,
        egress([
          ['192.168.1.0/24', 20, true],
          ['203.0.113.0/24', 5, true],
        ]),
      ),
    ];
    expect(cidrs(allowed(1, 2, rows))).toEqual(['10.0.0.2/32', 'fd00::2/128']);
    expect(hostRouting('h1', indexMembers(rows, now)).egress_network_routes).toEqual([]);
  });

  it("when the gateway is relayed, its range rides on the relay's entry and the route names the relay's key", () => {
    const rows = [
      node(1),
      node(2, { isrelay: true, relaynodes: ['node-3'] }),
      node(3, { isrelayed: true, relayedby: 'node-2', ...egress([['192.168.1.0/24', 256, true]]) }),
    ];
    expect(cidrs(allowed(1, 2, rows))).toContain('192.168.1.0/24');
    const [route] = hostRouting('h1', indexMembers(rows, now)).egress_network_routes;
    expect(route?.peer_key).toEqual([...Buffer.from(key(2), 'base64')]);
  });
});

describe('internet gateways', () => {
  const rows = [
    node(1, { internetgw_node_id: 'node-2' }),
    node(2, { isinternetgateway: true, inet_node_client_ids: ['node-1'] }),
    node(3),
  ];

  it("when a node uses an internet gateway, the gateway's entry carries 0.0.0.0/0 and ::/0 and the client changes its default route", () => {
    expect(cidrs(allowed(1, 2, rows))).toEqual(['10.0.0.2/32', 'fd00::2/128', '0.0.0.0/0', '::/0']);
    expect(cidrs(allowed(3, 2, rows))).toEqual(['10.0.0.2/32', 'fd00::2/128']);
    const client = hostRouting('h1', indexMembers(rows, now));
    expect(client).toMatchObject({
      change_default_gw: true,
      default_gw_ip: '10.0.0.2',
      default_gw_ip6: 'fd00::2',
    });
    expect(client.inet_gw_peer_key).toEqual([...Buffer.from(key(2), 'base64')]);
    const gateway = hostRouting('h2', indexMembers(rows, now));
    expect(gateway.is_inet_gw).toBe(true);
    expect(gateway.fw_update.inet_gw_ranges).toEqual(['10.0.0.0/24', 'fd00::/64']);
    expect(hostRouting('h3', indexMembers(rows, now)).change_default_gw).toBe(false);
  });
});

describe('failover', () => {
  const rows = [
    node(1, { fail_over_peers: ['node-2'], failed_over_by: 'node-3' }),
    node(2, { fail_over_peers: ['node-1'], failed_over_by: 'node-3' }),
    node(3, { is_fail_over: true }),
    node(4),
  ];

  it("when a pair is failed over, each removes the other and the failover node's entry carries it", () => {
    expect(allowed(1, 2, rows).Remove).toBe(true);
    expect(cidrs(allowed(1, 3, rows))).toEqual(['10.0.0.3/32', 'fd00::3/128', '10.0.0.2/32', 'fd00::2/128']);
    expect(cidrs(allowed(4, 3, rows))).toEqual(['10.0.0.3/32', 'fd00::3/128']);
    expect(allowed(3, 1, rows).Endpoint).toBeNull();
    expect(hostRouting('h3', indexMembers(rows, now)).fw_update.is_relay).toBe(true);
  });

  it('when the failover node no longer is one, the pair is direct again', () => {
    const unset = [rows[0]!, rows[1]!, node(3), rows[3]!];
    expect(cidrs(allowed(1, 2, unset))).toEqual(['10.0.0.2/32', 'fd00::2/128']);
  });
});

describe('plain meshes', () => {
  it('when no node has a role, the routing state is the constant empty one', () => {
    const index = indexMembers([node(1), node(2)], now);
    expect(hostRouting('h1', index)).toMatchObject({ change_default_gw: false, egress_network_routes: [] });
    expect(index.routing.networks.size).toBe(0);
  });
});

describe('roles in one network only', () => {
  it('when two hosts share a network with a relay and one without, the relay carries the first and the peer keeps the second', () => {
    const inB = (host: number) =>
      memberRow(host, `10.1.0.${host}`, { node_id: `b-${host}`, network: 'b', network_range: '10.1.0.0/24' });
    const rows = [
      node(1, { isrelayed: true, relayedby: 'node-2' }),
      node(2, { isrelay: true, relaynodes: ['node-1'] }),
      node(3),
      inB(1),
      inB(3),
    ];
    // Host 3's entry on host 1 keeps only its address in b; the relay carries network a (and 3's address in it).
    expect(cidrs(allowed(1, 3, rows))).toEqual(['10.1.0.3/32']);
    expect(cidrs(allowed(1, 2, rows))).toEqual(['10.0.0.2/32', 'fd00::2/128', '10.0.0.0/24', 'fd00::/64']);
    expect(cidrs(allowed(3, 1, rows))).toEqual(['10.1.0.1/32']);
    expect(cidrs(allowed(3, 2, rows))).toContain('10.0.0.1/32');
  });
});
