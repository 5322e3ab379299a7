import { describe, expect, it } from 'vitest';
import { administeredNetworkIds, peopleUserWireSchema, toPeopleUser, toPeopleUserBody } from './users.ts';

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
