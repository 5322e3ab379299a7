import { describe, expect, it } from 'vitest';
import { builtinGrants, rbacAllows, resourceTypeOf, scopeOf, type RbacTarget } from './rbac.ts';

const target = (method: string, extra: Partial<RbacTarget> = {}): RbacTarget => ({
  method,
  resourceType: 'hosts',
  networkId: 'neta',
  isGlobal: false,
  ...extra,
});

describe('resourceTypeOf and scopeOf (api-contract §8.3)', () => {
  it.each([
    ['/api/nodes/:network/:nodeid/createingress', 'remote_access_gw'],
    ['/api/nodes/:network/:nodeid/createrelay', 'relays'],
    ['/api/nodes/:network/:nodeid/creategateway', 'egress'],
    ['/api/nodes/:network', 'hosts'],
    ['/api/v1/enrollment-keys', 'enrollment_key'],
    ['/api/v1/users/role', 'users'],
    ['/api/networks/:networkname', 'networks'],
    ['/api/server/status', undefined],
  ])('-> %s is a %s route', (url, type) => {
    expect(resourceTypeOf(url)).toBe(type);
  });
  it('-> maps methods to scopes', () => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map(scopeOf)).toEqual([
      'read',
      'create',
      'update',
      'update',
      'delete',
    ]);
  });
});

describe('rbacAllows', () => {
  it('-> a network user reads hosts of its network only, and writes nothing', () => {
    const grants = builtinGrants('platform-user', ['neta-network-user-grp']);
    const service = builtinGrants('service-user', ['neta-network-user-grp']);
    expect(rbacAllows(service, target('GET'))).toBe(true);
    expect(rbacAllows(service, target('GET', { networkId: 'netb' }))).toBe(false);
    expect(rbacAllows(grants, target('PUT'))).toBe(false);
  });
  it('-> a network admin does anything in its network, nothing global', () => {
    const grants = builtinGrants('service-user', ['neta-network-admin-grp']);
    expect(rbacAllows(grants, target('DELETE'))).toBe(true);
    expect(rbacAllows(grants, target('DELETE', { networkId: 'netb' }))).toBe(false);
    expect(rbacAllows(grants, target('GET', { isGlobal: true, resourceType: 'users' }))).toBe(false);
  });
  it('-> self_only grants need ownership; per-resource grants name the id', () => {
    const grants = {
      platformRoleId: 'service-user',
      fullAccess: false,
      globalAccess: {},
      networkRoles: [
        {
          roleId: 'custom',
          networkId: 'neta',
          fullAccess: false,
          access: {
            extclients: {
              all_extclients: {
                create: true,
                read: true,
                update: true,
                delete: true,
                vpn_access: false,
                self_only: true,
              },
            },
            remote_access_gw: {
              'gw-1': {
                create: false,
                read: true,
                update: false,
                delete: false,
                vpn_access: true,
                self_only: false,
              },
            },
          },
        },
      ],
    };
    expect(rbacAllows(grants, target('DELETE', { resourceType: 'extclients' }))).toBe(false);
    expect(rbacAllows(grants, target('DELETE', { resourceType: 'extclients', isOwnedByCaller: true }))).toBe(
      true,
    );
    expect(rbacAllows(grants, target('GET', { resourceType: 'remote_access_gw', resourceId: 'gw-1' }))).toBe(
      true,
    );
    expect(rbacAllows(grants, target('GET', { resourceType: 'remote_access_gw', resourceId: 'gw-2' }))).toBe(
      false,
    );
  });
  it('-> an auditor reads anything and writes nothing; a platform-user reads resources of networks it holds a role in only', () => {
    expect(
      rbacAllows(builtinGrants('auditor', []), target('GET', { isGlobal: true, resourceType: 'users' })),
    ).toBe(true);
    expect(rbacAllows(builtinGrants('auditor', []), target('POST'))).toBe(false);
    // Issue 38: the read shortcut reaches only networks the user sees (holds a role in), not every network.
    expect(rbacAllows(builtinGrants('platform-user', ['neta-network-user-grp']), target('GET'))).toBe(true);
    expect(rbacAllows(builtinGrants('platform-user', ['neta-network-user-grp']), target('POST'))).toBe(false);
    expect(
      rbacAllows(
        builtinGrants('platform-user', ['neta-network-user-grp']),
        target('GET', { networkId: 'netb' }),
      ),
    ).toBe(false);
    expect(rbacAllows(builtinGrants('platform-user', []), target('GET'))).toBe(false);
    expect(rbacAllows(builtinGrants('platform-user', []), target('GET', { networkId: undefined }))).toBe(
      false,
    );
    expect(rbacAllows(builtinGrants('platform-user', []), target('GET', { isGlobal: true }))).toBe(false);
  });
});
