import { describe, expect, it } from 'vitest';
import { NETWORK_SECTIONS, paths, readNetworkPath, switchNetworkPath, withQuery } from './paths.ts';

describe('route builders', () => {
  it('when ids are given, then hostId, networkId and groupId are placed and encoded', () => {
    expect(paths.host('h 1')).toBe('/hosts/h%201');
    expect(paths.network('lab')).toBe('/networks/lab/nodes');
    expect(paths.network('lab', 'dns')).toBe('/networks/lab/dns');
    expect(paths.networkHost('lab', 'abc')).toBe('/networks/lab/hosts/abc');
    expect(paths.group('admins/x')).toBe('/users/group/admins%2Fx');
  });

  it('when query parameters are given, then the defined ones are appended in order', () => {
    expect(paths.host('h1', { edit: true })).toBe('/hosts/h1?edit=true');
    expect(paths.network('lab', 'analytics', { tab: 'info', empty: undefined })).toBe(
      '/networks/lab/analytics?tab=info',
    );
    expect(withQuery('/devices', { q: 'a b', page: 2 })).toBe('/devices?q=a+b&page=2');
    expect(withQuery('/devices')).toBe('/devices');
  });

  it('when listing network sections, then every per-network path of the spec is there, and Alerts (issue 41)', () => {
    expect(NETWORK_SECTIONS).toEqual([
      'nodes',
      'remote-access',
      'relays',
      'egress',
      'internet-gateways',
      'dns',
      'graph',
      'metrics',
      'info',
      'access-control',
      'old-acls',
      'tag-manager',
      'analytics',
      'alerts',
    ]);
  });
});

describe('switchNetworkPath', () => {
  it('when on a network section, then the same section of the new network is chosen', () => {
    expect(switchNetworkPath('/networks/alpha/dns', 'beta')).toBe('/networks/beta/dns');
    expect(switchNetworkPath('/networks/alpha/tag-manager', 'beta')).toBe('/networks/beta/tag-manager');
  });

  it('when on any other page or a host of the old network, then the nodes page is chosen', () => {
    expect(switchNetworkPath('/dashboard', 'beta')).toBe('/networks/beta/nodes');
    expect(switchNetworkPath('/networks', 'beta')).toBe('/networks/beta/nodes');
    expect(switchNetworkPath('/networks/alpha/hosts/h1', 'beta')).toBe('/networks/beta/nodes');
  });

  it('when reading a network path, then the id is decoded', () => {
    expect(readNetworkPath('/networks/a%20b/info')).toEqual({ networkId: 'a b', section: 'info' });
    expect(readNetworkPath('/devices')).toBeNull();
  });
});
