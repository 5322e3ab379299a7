import { describe, expect, it } from 'vitest';
import { administeredNetworkIds } from './users.ts';

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
