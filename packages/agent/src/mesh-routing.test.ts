import { EMPTY_HOST_ROUTING, type HostRouting } from '@meshdeck/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MeshRouting, type InternetFailMode } from './mesh-routing.ts';
import type { Peer } from './peer-state.ts';

// The gateway is on loopback: the prober's packets never leave the machine running the test.
const client = (mode?: InternetFailMode): HostRouting => ({
  ...EMPTY_HOST_ROUTING,
  change_default_gw: true,
  default_gw_ip: '127.0.0.9',
  ...(mode ? { inet_fail_mode: mode } : {}),
});

let routing: MeshRouting | undefined;
afterEach(() => routing?.stop());

/** A client's routing with this local flag; returns the fail mode its status reports after each update. */
function clientWith(flag: InternetFailMode | undefined) {
  routing = new MeshRouting({
    iface: 'mesh0',
    onChange: () => undefined,
    log: () => undefined,
    internetFailMode: flag,
    serverAddresses: () => ['127.0.0.1'],
    respond: false,
    attached: () => [],
  });
  const r = routing;
  return (wire: Partial<HostRouting>) => {
    r.update(wire, undefined, false);
    const plan = r.plan(['10.0.0.2/24'], new Map(), undefined, undefined);
    return { mode: r.status?.internet?.failMode, routes: plan.routing.routes };
  };
}

describe('MeshRouting internet fail mode', () => {
  it('when the network says open and the host has no flag, the client fails open (its default halves go into the tunnel while the gateway answers)', () => {
    const apply = clientWith(undefined);
    expect(apply(client('open'))).toEqual({ mode: 'open', routes: ['0.0.0.0/1', '128.0.0.0/1'] });
  });

  it('when the host has --internet-fail, the flag wins over the network setting', () => {
    expect(clientWith('closed')(client('open')).mode).toBe('closed');
    routing?.stop();
    expect(clientWith('open')(client('closed')).mode).toBe('open');
  });

  it('when a delta carries only the routing flags, the mode stays; a whole routing state without it means closed', () => {
    const apply = clientWith(undefined);
    expect(apply(client('open')).mode).toBe('open');
    expect(apply({ change_default_gw: true, is_inet_gw: false }).mode).toBe('open');
    expect(apply(client()).mode).toBe('closed');
  });
});

describe('MeshRouting keeps the underlay off the tunnel (decision 047)', () => {
  const make = (server: string[]) =>
    (routing = new MeshRouting({
      iface: 'mesh0',
      onChange: () => undefined,
      log: () => undefined,
      internetFailMode: undefined,
      serverAddresses: () => server,
      respond: false,
      attached: () => [],
    }));
  const peerWith = (allowedIps: string[], endpoint: string) =>
    new Map<string, Peer>([['P=', { publicKey: 'P=', endpoint, allowedIps, keepaliveSeconds: undefined }]]);

  it("when a peer's range covers the server and another peer's endpoint, the plan pins both and still installs the range", () => {
    const r = make(['10.251.0.1']);
    const peers = new Map<string, Peer>([
      ...peerWith(['10.0.0.3/32', '10.251.0.0/16'], '10.250.0.3:51821'),
      [
        'Q=',
        { publicKey: 'Q=', endpoint: '10.251.9.9:51821', allowedIps: ['10.0.0.4/32'], keepaliveSeconds: 20 },
      ],
    ]);
    const plan = r.plan(['10.0.0.2/24'], peers, undefined, undefined);
    expect(plan.routing.routes).toEqual(['10.251.0.0/16']);
    expect(plan.routing.pins).toEqual(['10.251.0.1', '10.251.9.9']);
    expect(plan.routing.isInternetClient).toBe(false);
  });

  it('when no route covers the server or an endpoint, pins nothing', () => {
    const r = make(['10.250.0.1']);
    const plan = r.plan(
      ['10.0.0.2/24'],
      peerWith(['10.0.0.3/32', '192.168.5.0/24'], '10.250.0.3:51821'),
      undefined,
      undefined,
    );
    expect(plan.routing.pins).toEqual([]);
  });

  it('when the host is an internet-gateway client, the default halves pin the server and every IPv4 endpoint', () => {
    const r = make(['203.0.113.10']);
    r.update(client(), undefined, false);
    const plan = r.plan(
      ['10.0.0.2/24'],
      peerWith(['10.0.0.3/32'], '198.51.100.3:51821'),
      undefined,
      undefined,
    );
    expect(plan.routing.isInternetClient).toBe(true);
    expect(plan.routing.pins).toEqual(['203.0.113.10', '198.51.100.3']);
  });
});
