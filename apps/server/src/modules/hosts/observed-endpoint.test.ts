import { describe, expect, it } from 'vitest';
import { observedAddress, resolveEndpoint } from './observed-endpoint.ts';

describe('observedAddress', () => {
  it('-> keeps public and private addresses by family and unwraps IPv4-mapped IPv6', () => {
    expect(observedAddress('203.0.113.7')).toEqual({ v4: '203.0.113.7', v6: '' });
    expect(observedAddress('::ffff:192.168.1.20')).toEqual({ v4: '192.168.1.20', v6: '' });
    expect(observedAddress('2001:db8::5')).toEqual({ v4: '', v6: '2001:db8::5' });
  });

  it('-> when the client is loopback, link-local, unspecified or not an address, observes nothing', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      'fe80::1',
      '169.254.1.1',
      '0.0.0.0',
      '::',
      'x',
    ]) {
      expect(observedAddress(ip)).toEqual({ v4: '', v6: '' });
    }
  });
});

describe('resolveEndpoint', () => {
  const observed = { v4: '203.0.113.7', v6: '' };

  it('-> when the agent reports its local address, the observed one wins and a difference means behind_nat', () => {
    expect(resolveEndpoint({ endpointip: '192.168.1.20' }, observed, false)).toEqual({
      endpointip: '203.0.113.7',
      nat_type: 'behind_nat',
    });
    expect(resolveEndpoint({ endpointip: '203.0.113.7' }, observed, false)).toEqual({
      endpointip: '203.0.113.7',
      nat_type: 'public',
    });
  });

  it('-> when the agent asked a STUN server (it sends nat_type), its answer stands', () => {
    const stun = { endpointip: '198.51.100.4', nat_type: 'behind_nat' as const };
    expect(resolveEndpoint(stun, observed, false)).toEqual(stun);
  });

  it('-> when nothing usable was observed, the report stands; a static host changes nothing', () => {
    expect(resolveEndpoint({ endpointip: '10.0.0.5' }, { v4: '', v6: '' }, false)).toEqual({
      endpointip: '10.0.0.5',
    });
    expect(resolveEndpoint({ endpointip: '192.168.1.20' }, observed, true)).toEqual({});
  });
});
