import { describe, expect, it } from 'vitest';
import { toPeopleRole, peopleRoleWireSchema, userRoleSchema } from './roles.ts';
import { resourcePermissionsOf, toNetworkRoleBody, remoteAccessGatewayIdsOf } from './network-roles.ts';

describe('people roles mapping', () => {
  it('-> when a network role grants VPN through two gateways, the body and the read-back agree', () => {
    const body = toNetworkRoleBody({
      id: '',
      name: ' vpn users ',
      description: '',
      networkId: 'net1',
      hasFullAccess: false,
      remoteAccessGatewayIds: ['gw-1', 'gw-2'],
      permissions: {},
    });
    expect(body.id).toBe('vpn users');
    expect(body.network_level_access.remote_access_gw?.['gw-1']).toMatchObject({
      read: true,
      vpn_access: true,
    });
    expect(body.network_level_access.extclients?.all_extclients).toMatchObject({ self_only: true });
    const role = toPeopleRole(peopleRoleWireSchema.parse(body));
    expect(remoteAccessGatewayIdsOf(role)).toEqual(['gw-1', 'gw-2']);
  });

  it('-> when a network role sets per-resource scopes, the body grants them on all_<type> and they read back', () => {
    const body = toNetworkRoleBody({
      id: '',
      name: 'editors',
      description: '',
      networkId: 'net1',
      hasFullAccess: false,
      remoteAccessGatewayIds: ['gw-1'],
      permissions: { dns: ['read', 'update'], extclients: ['read'], tag: [] },
    });
    expect(body.network_level_access.dns).toEqual({
      all_dns: {
        create: false,
        read: true,
        update: true,
        delete: false,
        vpn_access: false,
        self_only: false,
      },
    });
    expect(body.network_level_access).not.toHaveProperty('tag');
    // The role's own client scopes win over the VPN users' own-client default.
    expect(body.network_level_access.extclients?.all_extclients).toMatchObject({
      read: true,
      self_only: false,
    });
    const role = toPeopleRole(peopleRoleWireSchema.parse(body));
    expect(resourcePermissionsOf(role)).toEqual({ dns: ['read', 'update'], extclients: ['read'] });
    expect(remoteAccessGatewayIdsOf(role)).toEqual(['gw-1']);
  });

  it('-> when the role has full access, the body carries no per-resource grants', () => {
    const body = toNetworkRoleBody({
      id: '',
      name: 'admins',
      description: '',
      networkId: 'net1',
      hasFullAccess: true,
      remoteAccessGatewayIds: [],
      permissions: { dns: ['read'] },
    });
    expect(body.network_level_access).toEqual({});
  });

  it('-> when the role is a platform role, its permissions come from the global map', () => {
    const role = toPeopleRole(
      peopleRoleWireSchema.parse({
        id: 'auditor',
        network_id: '',
        global_level_access: { users: { all_users: { read: true } } },
        network_level_access: { hosts: { all_hosts: { read: true } } },
      }),
    );
    expect(role.isPlatformRole).toBe(true);
    expect(role.permissions).toEqual([
      {
        resourceType: 'users',
        resourceId: 'all_users',
        scopes: expect.objectContaining({ read: true, create: false }),
      },
    ]);
  });
});

describe('roles: the server response and the console reading agree', () => {
  it('-> when a role is valid as the server sends it, the console reads every field of it', () => {
    const sent = userRoleSchema.parse({
      id: 'neta-network-user',
      name: 'neta User',
      default: true,
      meta_data: 'reads the network',
      deny_dashboard_access: false,
      full_access: false,
      network_id: 'neta',
      network_level_access: {
        hosts: {
          all_hosts: {
            create: false,
            read: true,
            update: false,
            delete: false,
            vpn_access: false,
            self_only: false,
          },
        },
      },
      global_level_access: null,
    });
    expect(toPeopleRole(peopleRoleWireSchema.parse(sent))).toEqual({
      id: 'neta-network-user',
      name: 'neta User',
      description: 'reads the network',
      isDefault: true,
      isPlatformRole: false,
      networkId: 'neta',
      hasFullAccess: false,
      canUseDashboard: true,
      permissions: [
        {
          resourceType: 'hosts',
          resourceId: 'all_hosts',
          scopes: expect.objectContaining({ read: true, create: false }),
        },
      ],
    });
  });
});
