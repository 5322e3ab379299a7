import type { SessionUser } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { canManageNetwork, isPlatformAdmin } from './permissions.ts';

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
});
