import { describe, expect, it } from 'vitest';
import { splitInviteEmails, inviteEmailSchema, toInviteUsersBody } from './people-invites.ts';
import { groupIdFromName, toGroupWire } from './people-groups.ts';
import { toNetworkRoleBody, toPeopleRole, peopleRoleWireSchema, vpnGatewayIdsOf } from './people-roles.ts';
import { peopleUserWireSchema, toPeopleUser, toPeopleUserBody } from './people-users.ts';

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

describe('people roles mapping', () => {
  it('-> when a network role grants VPN through two gateways, the body and the read-back agree', () => {
    const body = toNetworkRoleBody({
      id: '',
      name: ' vpn users ',
      description: '',
      networkId: 'net1',
      hasFullAccess: false,
      vpnGatewayIds: ['gw-1', 'gw-2'],
    });
    expect(body.id).toBe('vpn users');
    expect(body.network_level_access.remote_access_gw?.['gw-1']).toMatchObject({
      read: true,
      vpn_access: true,
    });
    expect(body.network_level_access.extclients?.all_extclients).toMatchObject({ self_only: true });
    const role = toPeopleRole(peopleRoleWireSchema.parse(body));
    expect(vpnGatewayIdsOf(role)).toEqual(['gw-1', 'gw-2']);
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

describe('people groups and invites mapping', () => {
  it('-> when a group is new, its id is the name lower-cased with dashes', () => {
    expect(groupIdFromName('  Site Reliability ')).toBe('site-reliability');
    expect(
      toGroupWire({ id: '', name: 'Ops', description: 'd', networkRoles: { net1: [] }, members: [] }),
    ).toEqual({
      id: 'ops',
      name: 'Ops',
      meta_data: 'd',
      network_roles: {},
    });
  });

  it('-> when emails are pasted with commas, spaces and duplicates, each address is kept once', () => {
    expect(splitInviteEmails('a@x.io, b+tag@x.example\n a@x.io;c@x.io')).toEqual([
      'a@x.io',
      'b+tag@x.example',
      'c@x.io',
    ]);
  });

  it('-> when an email has a long TLD or plus-addressing it is accepted; one without a domain is not', () => {
    expect(inviteEmailSchema.safeParse('me+vpn@corp.engineering').success).toBe(true);
    expect(inviteEmailSchema.safeParse('me@localhost').success).toBe(false);
  });

  it('-> when invites are built, groups and roles become wire sets', () => {
    expect(
      toInviteUsersBody({
        emails: ['a@x.io'],
        platformRoleId: 'service-user',
        groupIds: ['g'],
        networkRoles: { net1: ['r'] },
      }),
    ).toEqual({
      user_emails: ['a@x.io'],
      platform_role_id: 'service-user',
      user_group_ids: { g: {} },
      network_roles: { net1: { r: {} } },
    });
  });
});
