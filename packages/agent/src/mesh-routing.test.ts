import { EMPTY_HOST_ROUTING, type HostRouting } from '@meshdeck/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MeshRouting, type InternetFailMode } from './mesh-routing.ts';

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
    serverHost: '127.0.0.1',
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
