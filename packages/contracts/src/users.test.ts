import { describe, expect, it } from 'vitest';
import {
  administeredNetworkIds,
  peopleUserWireSchema,
  returnUserSchema,
  toPeopleUser,
  toPeopleUserBody,
  toSessionUser,
  type UserWithRole,
} from './users.ts';

describe('administeredNetworkIds', () => {
  it('-> when the user holds a network-admin role or group, names those networks; user roles name none', () => {
    expect(
      administeredNetworkIds({
        network_roles: { neta: { 'neta-network-admin': {} }, netb: { 'netb-network-user': {} } },
        user_group_ids: { 'netc-network-admin-grp': {}, 'netd-network-user-grp': {} },
      }),
    ).toEqual(['neta', 'netc']);
  });

  it('-> when the user is in the all-networks admin group or role, returns all_networks', () => {
    expect(
      administeredNetworkIds({ network_roles: null, user_group_ids: { 'global-network-admin-grp': {} } }),
    ).toEqual(['all_networks']);
    expect(
      administeredNetworkIds({
        network_roles: { all_networks: { 'global-network-admin': {} } },
        user_group_ids: null,
      }),
    ).toEqual(['all_networks']);
  });

  it('-> when the user has no roles or groups, returns nothing', () => {
    expect(administeredNetworkIds({ network_roles: null, user_group_ids: null })).toEqual([]);
  });
});

describe('people users mapping', () => {
  it('-> when a server omits optional fields, the user still reads with safe defaults', () => {
    const user = toPeopleUser(peopleUserWireSchema.parse({ username: 'root', issuperadmin: true }));
    expect(user).toMatchObject({
      platformRoleId: 'super-admin',
      isOAuth: false,
      groupIds: [],
      networkRoles: {},
    });
  });

  it('-> when the password is unchanged, the body leaves it out and drops empty network role rows', () => {
    const body = toPeopleUserBody({
      username: 'bob',
      password: '',
      platformRoleId: 'platform-user',
      groupIds: ['devs'],
      networkRoles: { net1: ['net1-network-user'], net2: [] },
    });
    expect(body).toEqual({
      username: 'bob',
      platform_role_id: 'platform-user',
      user_group_ids: { devs: {} },
      network_roles: { net1: { 'net1-network-user': {} } },
    });
  });
});

describe('users: the server response and the console reading agree', () => {
  it('-> when a user is valid as the server sends it, the console reads every field it shows', () => {
    const sent = returnUserSchema.parse({
      username: 'sam@example.com',
      isadmin: false,
      issuperadmin: false,
      auth_type: 'oauth',
      remote_gw_ids: null,
      user_group_ids: { 'neta-network-user-grp': {} },
      platform_role_id: 'platform-user',
      network_roles: { neta: { 'neta-network-admin': {} } },
      last_login_time: '2026-01-02T03:04:05Z',
      display_name: 'Sam',
      account_disabled: true,
      is_mfa_enabled: false,
      num_access_tokens: 0,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });
    expect(toPeopleUser(peopleUserWireSchema.parse(sent))).toEqual({
      username: 'sam@example.com',
      displayName: 'Sam',
      platformRoleId: 'platform-user',
      isOAuth: true,
      groupIds: ['neta-network-user-grp'],
      networkRoles: { neta: ['neta-network-admin'] },
      isDisabled: true,
      lastLogin: '2026-01-02T03:04:05Z',
    });
    expect(administeredNetworkIds(sent)).toEqual(['neta']);
  });
});

describe('toSessionUser', () => {
  const base = {
    username: 'olga',
    platform_role_id: 'platform-user',
    isadmin: false,
    network_roles: { neta: { 'custom-ops': {} } },
    user_group_ids: null,
    platform_role: { deny_dashboard_access: false },
  } as unknown as UserWithRole;

  it('-> when the server names the managed networks (custom roles included), they decide the write controls', () => {
    expect(toSessionUser({ ...base, managed_networks: ['netb', 'neta'] }).adminNetworkIds).toEqual([
      'neta',
      'netb',
    ]);
  });

  it('-> when an older server sends no managed networks, the built-in role names decide (a custom role counts for none)', () => {
    expect(toSessionUser(base).adminNetworkIds).toEqual([]);
  });
});
