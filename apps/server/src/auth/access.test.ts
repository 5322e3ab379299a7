import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { access, decide, isNetworkAdmin, type Principal } from './access.ts';
import { network } from './network-locator.ts';

const GLOBAL = network.global('test');

const user = (platformRoleId: string, groupIds: string[] = [], username = 'alice'): Principal => ({
  kind: 'user',
  username,
  platformRoleId,
  groupIds,
  isMaster: false,
});
const request = (params: Record<string, string> = {}, query: Record<string, string> = {}, method = 'GET') =>
  ({ params, query, method, url: '/api/hosts/x' }) as unknown as FastifyRequest;

describe('decide', () => {
  it('-> public routes allow anonymous callers; user routes need a user', () => {
    expect(decide(access.public(), { kind: 'anonymous' }, request())).toBe('allow');
    expect(decide(access.anyUser(GLOBAL), { kind: 'anonymous' }, request())).toBe('unauthenticated');
    expect(decide(access.anyUser(GLOBAL), { kind: 'host', hostId: 'h1', isMaster: false }, request())).toBe(
      'forbidden',
    );
  });

  it.each([
    ['super-admin', 'allow'],
    ['admin', 'allow'],
    ['platform-user', 'forbidden'],
    ['service-user', 'forbidden'],
  ])('-> admin routes for a %s return %s', (role, expected) => {
    expect(decide(access.admin(GLOBAL), user(role), request())).toBe(expected);
  });

  it('-> self-or-admin allows the user itself and admins only', () => {
    const rule = access.selfOrAdmin({ query: 'username' });
    expect(decide(rule, user('platform-user'), request({}, { username: 'alice' }))).toBe('allow');
    expect(decide(rule, user('platform-user'), request({}, { username: 'bob' }))).toBe('forbidden');
    expect(decide(rule, user('admin'), request({}, { username: 'bob' }))).toBe('allow');
  });

  it('-> host routes accept only the token of the host named in the path', () => {
    const rule = access.host(GLOBAL, 'hostid');
    const host: Principal = { kind: 'host', hostId: 'h1', isMaster: false };
    expect(decide(rule, host, request({ hostid: 'h1' }))).toBe('allow');
    expect(decide(rule, host, request({ hostid: 'h2' }))).toBe('forbidden');
    expect(decide(rule, user('super-admin'), request({ hostid: 'h1' }))).toBe('forbidden');
  });

  it('-> host-or-user routes accept the host itself or a user passing the user rule', () => {
    const rule = access.hostOrUser('hostid', access.admin(GLOBAL));
    const host: Principal = { kind: 'host', hostId: 'h1', isMaster: false };
    expect(decide(rule, host, request({ hostid: 'h1' }))).toBe('allow');
    expect(decide(rule, host, request({ hostid: 'h2' }))).toBe('forbidden');
    expect(decide(rule, user('admin'), request({ hostid: 'h2' }))).toBe('allow');
    expect(decide(rule, user('platform-user'), request({ hostid: 'h2' }, {}, 'DELETE'))).toBe('forbidden');
  });
});

describe('isNetworkAdmin (spec §6)', () => {
  it('-> is true for platform admins and the two admin groups, false otherwise', () => {
    expect(isNetworkAdmin(user('admin'), 'office')).toBe(true);
    expect(isNetworkAdmin(user('platform-user', ['global-network-admin-grp']), 'office')).toBe(true);
    expect(isNetworkAdmin(user('platform-user', ['office-network-admin-grp']), 'office')).toBe(true);
    expect(isNetworkAdmin(user('platform-user', ['lab-network-admin-grp']), 'office')).toBe(false);
    expect(isNetworkAdmin(user('platform-user', ['office-network-user-grp']), 'office')).toBe(false);
    expect(
      decide(
        access.networkAdmin(network.param('network')),
        user('platform-user', ['office-network-admin-grp']),
        request({ network: 'office' }),
        { networks: ['office'] },
      ),
    ).toBe('allow');
  });
});
