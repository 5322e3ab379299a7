import type { SessionUser } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { canChangeClient, canChangeInNetwork, canManageNetwork, isPlatformAdmin } from './permissions.ts';

const user = (overrides: Partial<SessionUser>): SessionUser => ({
  username: 'someone',
  platformRoleId: 'platform-user',
  isAdmin: false,
  canUseDashboard: true,
  ...overrides,
});

describe('permissions', () => {
  it('-> when the user is a platform admin, may manage every network and global resources', () => {
    const admin = user({ platformRoleId: 'admin', isAdmin: true });
    expect(isPlatformAdmin(admin)).toBe(true);
    expect(canManageNetwork(admin, 'neta')).toBe(true);
  });

  it('-> when the user administers network A only, may manage A but not B nor global resources', () => {
    const netAdmin = user({ adminNetworkIds: ['neta'] });
    expect(canManageNetwork(netAdmin, 'neta')).toBe(true);
    expect(canManageNetwork(netAdmin, 'netb')).toBe(false);
    expect(isPlatformAdmin(netAdmin)).toBe(false);
  });

  it('-> when the user administers all networks, may manage any network', () => {
    expect(canManageNetwork(user({ adminNetworkIds: ['all_networks'] }), 'netb')).toBe(true);
  });

  it('-> when the user is a platform user, an auditor, a session from an older console or nobody, manages nothing', () => {
    expect(canManageNetwork(user({}), 'neta')).toBe(false);
    expect(canManageNetwork(user({ platformRoleId: 'auditor', adminNetworkIds: [] }), 'neta')).toBe(false);
    expect(canManageNetwork(null, 'neta')).toBe(false);
    expect(isPlatformAdmin(null)).toBe(false);
  });

  it('-> when a custom network role grants read on everything in A, may change nothing in A', () => {
    const reader = user({
      adminNetworkIds: [],
      networkPermissions: { neta: { hosts: ['read'], dns: ['read'], tag: ['read'] } },
    });
    expect(canChangeInNetwork(reader, 'neta', 'hosts')).toBe(false);
    expect(canChangeInNetwork(reader, 'neta', 'dns', 'read')).toBe(true);
    expect(canManageNetwork(reader, 'neta')).toBe(false);
  });

  it('-> when a custom role grants DNS create in A (or in all networks), may add DNS there, and nothing else', () => {
    const dnsEditor = user({ networkPermissions: { neta: { dns: ['read', 'create'] } } });
    expect(canChangeInNetwork(dnsEditor, 'neta', 'dns')).toBe(true);
    expect(canChangeInNetwork(dnsEditor, 'neta', 'dns', 'create')).toBe(true);
    expect(canChangeInNetwork(dnsEditor, 'neta', 'dns', 'delete')).toBe(false);
    expect(canChangeInNetwork(dnsEditor, 'neta', 'hosts')).toBe(false);
    expect(canChangeInNetwork(dnsEditor, 'netb', 'dns')).toBe(false);
    const everywhere = user({ networkPermissions: { all_networks: { egress: ['update'] } } });
    expect(canChangeInNetwork(everywhere, 'netb', 'egress')).toBe(true);
  });

  it('-> when the user administers A, may change every resource in A', () => {
    expect(canChangeInNetwork(user({ adminNetworkIds: ['neta'] }), 'neta', 'acl', 'delete')).toBe(true);
    expect(canChangeInNetwork(null, 'neta', 'acl')).toBe(false);
  });

  it('canChangeClient -> any client of A by an extclients grant; otherwise only its own through extclients:own', () => {
    const mine = { network: 'neta', ownerId: 'someone' };
    const theirs = { network: 'neta', ownerId: 'alice' };
    const vpnUser = user({ networkPermissions: { neta: { 'extclients:own': ['read', 'update'] } } });
    expect(canChangeClient(vpnUser, mine, 'update')).toBe(true);
    expect(canChangeClient(vpnUser, mine, 'delete')).toBe(false);
    expect(canChangeClient(vpnUser, theirs, 'update')).toBe(false);
    const deleter = user({ networkPermissions: { neta: { extclients: ['read', 'delete'] } } });
    expect(canChangeClient(deleter, theirs, 'delete')).toBe(true);
    expect(canChangeClient(deleter, theirs, 'update')).toBe(false);
    expect(canChangeClient(deleter, { network: 'netb', ownerId: 'alice' }, 'delete')).toBe(false);
  });
});
