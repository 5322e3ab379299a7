import type { RawNode } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import type { Peer } from './peer-state.ts';
import { diffRoutes, extraRoutes, gatewayRole, underlayPins, withoutLanShadow } from './routing-plan.ts';

const peer = (publicKey: string, allowedIps: string[]): [string, Peer] => [
  publicKey,
  { publicKey, endpoint: undefined, allowedIps, keepaliveSeconds: undefined },
];

describe('extraRoutes', () => {
  it('when every allowed IP lies in the interface subnets, needs no route', () => {
    const peers = new Map([peer('A=', ['10.0.0.2/32', 'fd00::2/128']), peer('B=', ['10.0.0.200/32'])]);
    expect(extraRoutes(['10.0.0.1/24', 'fd00::1/64'], peers)).toEqual([]);
  });

  it('when an ext client has extra allowed IPs, routes them through the interface, normalised and deduplicated', () => {
    const peers = new Map([
      peer('client=', ['10.0.0.100/32', '192.168.7.9/24', '172.16.0.0/16']),
      peer('gw=', ['10.0.0.1/32', '192.168.7.0/24']),
    ]);
    expect(extraRoutes(['10.0.0.5/24'], peers)).toEqual(['172.16.0.0/16', '192.168.7.0/24']);
  });

  it('when the network has no IPv6 address on this host, routes IPv6 allowed IPs too', () => {
    expect(extraRoutes(['10.0.0.5/24'], new Map([peer('A=', ['10.0.0.2/32', 'fd00::2/128'])]))).toEqual([
      'fd00::2/128',
    ]);
  });

  it('when a range is wider than the interface subnet, routes it (the subnet route does not cover all of it)', () => {
    expect(extraRoutes(['10.0.0.5/24'], new Map([peer('A=', ['10.0.0.0/16'])]))).toEqual(['10.0.0.0/16']);
  });

  it('when a peer carries a default route (internet gateway), leaves it out and ignores malformed entries', () => {
    expect(
      extraRoutes(['10.0.0.5/24'], new Map([peer('A=', ['0.0.0.0/0', '::/0', 'nonsense', '10.9.0.0/99'])])),
    ).toEqual([]);
  });
});

describe('gatewayRole', () => {
  const mask24 = '////AA==';
  const node = (overrides: Partial<RawNode>): RawNode =>
    ({
      address: { IP: '10.0.0.5', Mask: mask24 },
      address6: { IP: '', Mask: null },
      isingressgateway: false,
      pendingdelete: false,
      action: 'noop',
      connected: true,
      ...overrides,
    }) as RawNode;

  it('when no node is an ingress gateway, the host is no gateway', () => {
    expect(gatewayRole([node({}), node({})])).toBeUndefined();
  });

  it('when a node is an ingress gateway in an IPv4 network, forwards IPv4 only', () => {
    expect(gatewayRole([node({}), node({ isingressgateway: true })])).toEqual({ ipv6: false });
  });

  it('when the gateway node has an IPv6 address, forwards IPv6 as well', () => {
    expect(
      gatewayRole([
        node({ isingressgateway: true, address6: { IP: 'fd00::5', Mask: '//////////8AAAAAAAAAAA==' } }),
      ]),
    ).toEqual({ ipv6: true });
  });

  it('when the gateway node is disconnected or being deleted, the host is no gateway', () => {
    expect(
      gatewayRole([
        node({ isingressgateway: true, connected: false }),
        node({ isingressgateway: true, pendingdelete: true }),
        node({ isingressgateway: true, action: 'delete' }),
      ]),
    ).toBeUndefined();
  });
});

describe('diffRoutes', () => {
  it('when clients come and go, removes the routes no longer wanted and adds the new ones', () => {
    expect(diffRoutes(['192.168.7.0/24', '172.16.0.0/16'], ['172.16.0.0/16', '10.9.0.0/16'])).toEqual({
      remove: ['192.168.7.0/24'],
      add: ['10.9.0.0/16'],
    });
  });

  it('when ip prints a host route without its prefix, treats it as the same /32 or /128 route', () => {
    expect(diffRoutes(['192.168.7.9', 'fd00::9'], ['192.168.7.9/32', 'fd00::9/128'])).toEqual({
      remove: [],
      add: [],
    });
  });
});

describe('withoutLanShadow', () => {
  const lan = [{ cidr: '192.168.1.7/24', name: 'eth0' }];

  it('when the mesh offers exactly the LAN the host is on, leaves the route out and names the LAN', () => {
    expect(withoutLanShadow(['192.168.1.0/24', '10.9.0.0/16'], lan)).toEqual({
      install: ['10.9.0.0/16'],
      shadowed: [{ range: '192.168.1.0/24', lan: '192.168.1.0/24 on eth0' }],
    });
  });

  it('when the mesh offers part of the LAN, leaves it out too (it would take those neighbours away)', () => {
    expect(withoutLanShadow(['192.168.1.128/25'], lan).shadowed).toHaveLength(1);
  });

  it('when the mesh offers a wider range around the LAN, installs it: the LAN route stays more specific', () => {
    expect(withoutLanShadow(['192.168.0.0/16', '0.0.0.0/1'], lan)).toEqual({
      install: ['192.168.0.0/16', '0.0.0.0/1'],
      shadowed: [],
    });
  });

  it('when families differ or ranges do not overlap, installs the route', () => {
    expect(
      withoutLanShadow(['192.168.2.0/24', 'fd00::/64'], [...lan, { cidr: 'fd01::1/64', name: 'eth1' }])
        .install,
    ).toEqual(['192.168.2.0/24', 'fd00::/64']);
  });
});

describe('underlayPins (decision 047)', () => {
  it('when an egress range covers the server and a peer endpoint, pins both, each once', () => {
    expect(
      underlayPins(
        ['10.251.0.0/16', '192.168.9.0/24'],
        ['10.251.3.1', '10.251.7.4', '10.251.3.1', '198.51.100.2'],
      ),
    ).toEqual(['10.251.3.1', '10.251.7.4']);
  });

  it('when the default halves are in (internet-gateway client), pins every IPv4 underlay address', () => {
    expect(underlayPins(['0.0.0.0/1', '128.0.0.0/1'], ['203.0.113.10', '10.0.0.9', '2001:db8::1'])).toEqual([
      '203.0.113.10',
      '10.0.0.9',
    ]);
  });

  it('when a client range covers an IPv6 endpoint (bracketed or IPv4-mapped forms too), pins it in plain form', () => {
    expect(underlayPins(['2001:db8::/32', '10.9.0.0/16'], ['[2001:db8::7]', '::ffff:10.9.1.1'])).toEqual([
      '2001:db8::7',
      '10.9.1.1',
    ]);
  });

  it('when no route covers them, or they are names, pins nothing', () => {
    expect(underlayPins(['192.168.9.0/24'], ['10.251.3.1', 'server.example.com', ''])).toEqual([]);
    expect(underlayPins([], ['10.251.3.1'])).toEqual([]);
  });
});
