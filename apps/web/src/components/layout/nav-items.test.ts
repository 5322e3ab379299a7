import { describe, expect, it } from 'vitest';
import { networkNavItems, topNavItems } from './nav-items.ts';

describe('sidebar item rules', () => {
  it('when the user is a platform admin, then Users and Keys join Dashboard and Devices', () => {
    expect(topNavItems(true)).toEqual(['dashboard', 'devices', 'users', 'keys']);
    expect(topNavItems(false)).toEqual(['dashboard', 'devices']);
  });

  it('when the server is community, then only the five always-shown network items appear', () => {
    expect(networkNavItems(false)).toEqual(['nodes', 'remote-access', 'egress', 'access-control', 'dns']);
  });

  it('when the server is Pro, then Relays, Internet Gateways, Tag Manager, Analytics and Alerts are added', () => {
    expect(networkNavItems(true)).toEqual([
      'nodes',
      'remote-access',
      'relays',
      'egress',
      'internet-gateways',
      'access-control',
      'tag-manager',
      'dns',
      'analytics',
      'alerts',
    ]);
  });
});
