import type { ChangeEvent } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/access.ts';
import { canSeeEvent } from './event-access.ts';

const user = (platformRoleId: string, groupIds: string[] = []): Principal => ({
  kind: 'user',
  username: 'u',
  platformRoleId,
  groupIds,
  isMaster: false,
});
const officeNode: ChangeEvent = { resource: 'nodes', action: 'updated', id: 'n1', network: 'office' };
const labNetwork: ChangeEvent = { resource: 'networks', action: 'deleted', id: 'lab' };
const host: ChangeEvent = { resource: 'hosts', action: 'updated', id: 'h1' };

describe('canSeeEvent', () => {
  it.each<[string, Principal, ChangeEvent, boolean]>([
    ['a super admin, a host change', user('super-admin'), host, true],
    ['an admin, another network', user('admin'), labNetwork, true],
    [
      'the master key, a host change',
      { kind: 'user', username: 'm', platformRoleId: 'super-admin', groupIds: [], isMaster: true },
      host,
      true,
    ],
    ['a user with no roles, a node change', user('platform-user'), officeNode, false],
    // Every console shows the product name: a branding change reaches every signed-in user (issue 39).
    [
      'a user with no roles, a branding change',
      user('platform-user'),
      { resource: 'branding', action: 'updated' },
      true,
    ],
    ['a user with no roles, a network change', user('platform-user'), labNetwork, false],
    [
      'an office admin, an office node',
      user('platform-user', ['office-network-admin-grp']),
      officeNode,
      true,
    ],
    [
      'an office admin, the lab network',
      user('platform-user', ['office-network-admin-grp']),
      labNetwork,
      false,
    ],
    ['an office admin, a host change', user('platform-user', ['office-network-admin-grp']), host, false],
    [
      'a global network admin, the lab network',
      user('platform-user', ['global-network-admin-grp']),
      labNetwork,
      true,
    ],
    [
      'a global network admin, a host change',
      user('platform-user', ['global-network-admin-grp']),
      host,
      false,
    ],
    ['a host token, a node change', { kind: 'host', hostId: 'h1', isMaster: false }, officeNode, false],
  ])('-> for %s, returns %s', (_label, principal, event, expected) => {
    expect(canSeeEvent(principal, event)).toBe(expected);
  });
});
